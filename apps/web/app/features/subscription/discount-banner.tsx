import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import type { SalesOption } from '@nomsan/contracts/subscriptions';
import { mn } from '@nomsan/contracts/messages';
import { useAuth } from '~/lib/auth-store';
import { browserApi } from '~/lib/browser-api';
import { safe } from '~/lib/device';
import { formatDate } from '~/lib/format';
import { siteLink } from '~/lib/links';
import { CloseIcon } from '~/ui/icons';

const t = mn.discountBanner;

/** The spec's session storage flag: the member closed the banner in this browser session. */
export const DISCOUNT_BANNER_HIDDEN_KEY = 'discount-banner-hidden';

const closedThisSession = () => safe(() => sessionStorage.getItem(DISCOUNT_BANNER_HIDDEN_KEY) !== null, false);
const closeListeners = new Set<() => void>();

/** The flag as a store: closing sets it; a browser back navigation (popstate) clears it. */
const hiddenFlag = {
  subscribe(notify: () => void): () => void {
    const back = () => {
      safe(() => sessionStorage.removeItem(DISCOUNT_BANNER_HIDDEN_KEY), undefined);
      notify();
    };
    window.addEventListener('popstate', back);
    closeListeners.add(notify);
    return () => {
      window.removeEventListener('popstate', back);
      closeListeners.delete(notify);
    };
  },
  close(): void {
    safe(() => sessionStorage.setItem(DISCOUNT_BANNER_HIDDEN_KEY, '1'), undefined);
    closeListeners.forEach((notify) => notify());
  },
};

/**
 * The subscription discount banner under the header (spec, layout): for a signed-in member when
 * the sales offer lists options. Read in the browser once the layout is up (personal, never in
 * a server-rendered or cached page); a failure is only logged. Closing it hides it for the
 * browser session (`discount-banner-hidden`); a browser back navigation shows it again. With the
 * Book or Subscription submenu open it gets more top spacing.
 */
export function DiscountBanner({ baseUrl, withSubmenu }: { baseUrl: string | undefined; withSubmenu: boolean }) {
  const userId = useAuth((state) => state.user?.id ?? null);
  const [offer, setOffer] = useState<{ userId: number; option: SalesOption } | null>(null);
  // hidden while rendering on the server and hydrating: the flag is the browser's
  const hidden = useSyncExternalStore(hiddenFlag.subscribe, closedThisSession, () => true);

  useEffect(() => {
    if (userId === null) return;
    let current = true;
    browserApi()
      .subscriptions.salesOffer()
      .then(
        ({ options }) => {
          if (!current) return;
          const option = options[0];
          setOffer(option ? { userId, option } : null);
        },
        (error: unknown) => console.error('sales offer unavailable', error),
      );
    return () => {
      current = false;
    };
  }, [userId]);

  if (userId === null || hidden || !offer || offer.userId !== userId) return null;
  const { option } = offer;
  const link = siteLink(option.weblink, baseUrl);
  // on a phone: the chip and the close button on top, the words the banner's whole width, then
  // the button (beside the chip they wrapped a word a line); one row from `sm`
  const linkClass =
    'order-4 inline-flex h-9 shrink-0 items-center rounded-full bg-white px-4 text-sm font-semibold text-brand hover:bg-brand-soft sm:order-3';
  return (
    <section
      aria-label={t.label}
      data-testid="discount-banner"
      data-submenu={withSubmenu ? 'open' : undefined}
      className={`mx-auto max-w-screen-2xl px-4 lg:px-6 ${withSubmenu ? 'pt-3 lg:pt-5' : 'pt-3'}`}
    >
      <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-brand px-4 py-3 text-white sm:flex-nowrap">
        <span className="order-1 inline-flex shrink-0 items-center rounded-full bg-white/20 px-3 py-1 text-sm font-bold">
          {t.discount(option.product.discount_percentage)}
        </span>
        <p className="order-3 w-full min-w-0 text-sm sm:order-2 sm:w-auto sm:flex-1 sm:text-base">
          <span className="font-semibold">{option.title}</span>
          {option.expires_at ? (
            <span className="ml-2 text-white/80">{t.until(formatDate(option.expires_at))}</span>
          ) : null}
        </p>
        {link.internal ? (
          <Link to={link.to} className={linkClass}>
            {t.open}
          </Link>
        ) : (
          <a href={link.href} className={linkClass} target="_blank" rel="noopener noreferrer">
            {t.open}
          </a>
        )}
        <button
          type="button"
          aria-label={t.close}
          title={t.close}
          className="order-2 ml-auto inline-flex size-9 shrink-0 items-center justify-center rounded-full hover:bg-white/20 sm:order-4 sm:ml-0"
          onClick={hiddenFlag.close}
        >
          <CloseIcon />
        </button>
      </div>
    </section>
  );
}
