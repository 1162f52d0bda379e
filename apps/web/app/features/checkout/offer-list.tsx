import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Offer, SubscriptionScope } from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import { useAuth } from '~/lib/auth-store';
import { browserApi } from '~/lib/browser-api';
import { formatDateTime, formatMnt } from '~/lib/format';
import { RENTAL_CREDIT_PRICE } from '@nomsan/contracts/money';
import { href } from '~/lib/links';
import { signInHref } from '~/lib/return-path';
import { useHydrated } from '~/lib/use-hydrated';
import { CheckoutSheet, type CheckoutTarget } from './checkout-sheet';
import { BookOpenIcon, CheckIcon, ClockIcon, CrownIcon, HeadphonesIcon, LayersIcon } from '~/ui/icons';

const FORMAT_ICON = {
  audiobook: HeadphonesIcon,
  ebook: BookOpenIcon,
  summary: BookOpenIcon,
  bundle: LayersIcon,
} as const;

function ScopeLink({ scope }: { scope: SubscriptionScope }) {
  return (
    <Link
      to={mn.offers.scopeLinks[scope]}
      className="inline-flex items-center gap-1 rounded-full bg-brand-soft px-2.5 py-1 text-xs font-semibold text-brand hover:bg-brand hover:text-white"
    >
      <CrownIcon width={13} height={13} />
      {mn.offers.scopes[scope]}
    </Link>
  );
}

/** The price line of one offer: price, the struck-through original and the discount. */
export function PriceTag({ offer, large = false }: { offer: Offer; large?: boolean }) {
  if (offer.price_mnt === null) return null;
  const discounted = offer.original_price_mnt !== null && offer.original_price_mnt > offer.price_mnt;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className={`font-extrabold tracking-tight ${large ? 'text-3xl' : 'text-2xl'}`}>
        {offer.price_mnt === 0 ? mn.offers.free : formatMnt(offer.price_mnt)}
      </span>
      {discounted && offer.original_price_mnt !== null ? (
        <>
          <s className="text-sm text-muted">
            <span className="sr-only">{mn.offers.originalPrice}: </span>
            {formatMnt(offer.original_price_mnt)}
          </s>
          {offer.discount_percentage ? (
            <span className="rounded-md bg-red-50 px-1.5 py-0.5 text-xs font-bold text-red-600">
              {mn.offers.discount(offer.discount_percentage)}
            </span>
          ) : null}
        </>
      ) : null}
    </p>
  );
}

/** The title an offer list sells: what the checkout buys. */
export interface OfferItem {
  kind: 'book' | 'summary' | 'bundle';
  id: number;
  title: string;
  /** for a bundle: how many titles it holds */
  itemsCount?: number;
}

function OfferCard({
  offer,
  owned,
  onBuy,
  onRent,
  until,
  readHref,
}: {
  offer: Offer;
  /** the member holds this format already, for good */
  owned: boolean;
  onBuy: (offer: Offer) => void;
  /** rents the format (when its offer has rental terms and the member has not rented it) */
  onRent?: (offer: Offer) => void;
  /** the member holds this format until then: a rental or a subscription */
  until?: { reason: string; until: string } | null;
  /** an e-book's reader: the whole book once owned, the sample before */
  readHref?: string;
}) {
  const Icon = FORMAT_ICON[offer.format];
  const ways = [
    offer.credit_price !== null
      ? { icon: CheckIcon, text: `${mn.offers.unlockWithCredit}: ${mn.offers.credits(offer.credit_price)}` }
      : null,
    offer.rental
      ? {
          icon: ClockIcon,
          text: `${mn.offers.rent}: ${formatMnt(offer.rental.price_mnt)} / ${mn.offers.rentalFor(offer.rental.days)}`,
        }
      : null,
  ].filter((way) => way !== null);
  const buyable = (offer.price_mnt !== null && offer.price_mnt > 0) || offer.credit_price !== null;
  // a tap before the page is interactive would do nothing: the buttons wait (looking the same)
  const hydrated = useHydrated();
  return (
    <li className="rounded-2xl border border-line bg-white p-4 sm:p-5">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-muted">
        <Icon width={18} height={18} className="text-brand" />
        {mn.offers.formats[offer.format]}
      </h3>
      <div className="mt-2">
        <PriceTag offer={offer} />
      </div>
      {ways.length > 0 ? (
        <ul className="mt-3 space-y-1.5 text-sm">
          {ways.map((way) => (
            <li key={way.text} className="flex items-center gap-2">
              <way.icon width={16} height={16} className="shrink-0 text-muted" />
              {way.text}
            </li>
          ))}
        </ul>
      ) : null}
      {offer.subscription_scopes.length > 0 ? (
        <div className="mt-3">
          <p className="mb-1.5 text-xs text-muted">{mn.offers.includedIn}</p>
          <ul className="flex flex-wrap gap-1.5">
            {offer.subscription_scopes.map((scope) => (
              <li key={scope}>
                <ScopeLink scope={scope} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {!owned && until ? (
        <p className="mt-4 flex items-center gap-2 rounded-xl bg-green-50 px-3 py-2 text-sm font-semibold text-green-800 ring-1 ring-green-200">
          <ClockIcon width={16} height={16} />
          {(until.reason === 'rental' ? mn.rentals.rentedUntil : mn.rentals.bySubscription)(
            formatDateTime(until.until),
          )}
        </p>
      ) : null}
      {owned ? (
        <Link
          to="/my-library/books"
          className="mt-4 inline-flex h-11 w-full items-center justify-center gap-2 rounded-full bg-green-50 font-semibold text-green-800 ring-1 ring-green-200 hover:bg-green-100"
        >
          <CheckIcon width={18} height={18} />
          {mn.checkout.owned}
        </Link>
      ) : buyable ? (
        <button
          type="button"
          disabled={!hydrated}
          onClick={() => onBuy(offer)}
          className="mt-4 inline-flex h-11 w-full items-center justify-center rounded-full bg-brand font-semibold text-white hover:bg-brand-dark"
        >
          {offer.price_mnt !== null && offer.price_mnt > 0 ? mn.offers.buy : mn.offers.unlockWithCredit}
        </button>
      ) : null}
      {!owned && offer.rental && onRent && until?.reason !== 'rental' ? (
        <button
          type="button"
          disabled={!hydrated}
          onClick={() => onRent(offer)}
          className="mt-2 inline-flex h-11 w-full items-center justify-center gap-2 rounded-full border border-brand font-semibold text-brand hover:bg-brand-soft"
        >
          <ClockIcon width={18} height={18} />
          {mn.rentals.rentAction(offer.rental.days)} · {formatMnt(offer.rental.price_mnt)}
        </button>
      ) : null}
      {readHref ? (
        // a page load, not a client navigation: the reader's page has a policy of its own (ADR 023)
        <a
          href={readHref}
          className={`mt-2 inline-flex h-11 w-full items-center justify-center gap-2 rounded-full font-semibold ${
            owned ? 'bg-brand text-white hover:bg-brand-dark' : 'border border-brand text-brand hover:bg-brand-soft'
          }`}
        >
          <BookOpenIcon width={18} height={18} />
          {owned ? mn.reader.read : mn.reader.readSample}
        </a>
      ) : null}
    </li>
  );
}

/** What the member holds of the item: its formats, and for a bundle how many of its titles. */
interface Held {
  /** formats held for good */
  formats: Set<string>;
  /** formats held until a time (a rental, a subscription), with why */
  timed: Map<string, { reason: string; until: string }>;
  titles: number;
}
const NOTHING_HELD: Held = { formats: new Set<string>(), timed: new Map(), titles: 0 };

function useHoldings(item: OfferItem): Held {
  const loggedIn = useAuth((state) => state.loggedIn);
  const key = `${item.kind}:${item.id}`;
  const [held, setHeld] = useState({ key, ...NOTHING_HELD });
  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    browserApi()
      .holdings(item.kind, item.id)
      .then((holdings) => {
        if (!live) return;
        setHeld({
          key,
          formats: new Set(holdings.filter((h) => h.until === null).map((h) => h.format)),
          timed: new Map(
            holdings.flatMap((h) =>
              h.until === null ? [] : [[h.format, { reason: h.reason, until: h.until }] as const],
            ),
          ),
          titles: new Set(holdings.filter((h) => h.until === null).map((h) => `${h.item_type}:${h.item_id}`)).size,
        });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [loggedIn, item.kind, item.id, key]);
  // nothing is shown for a visitor, nor another title's holdings while this one's load
  return loggedIn && held.key === key ? held : NOTHING_HELD;
}

/**
 * The ways to get an item, one card per format, each with its buy button: a member opens the
 * checkout sheet, a visitor goes to sign in and comes back. What the member holds already comes
 * from a personal call after the page loads (the page itself is the same for everyone).
 */
export function OfferList({
  offers,
  item,
  heading = mn.offers.heading,
}: {
  offers: Offer[];
  item: OfferItem;
  heading?: string;
}) {
  const headingId = useId();
  const loggedIn = useAuth((state) => state.loggedIn);
  const navigate = useNavigate();
  const location = useLocation();
  const held = useHoldings(item);
  const [buying, setBuying] = useState<{ offer: Offer; rent: boolean } | null>(null);
  if (offers.length === 0) return null;
  const subscribable = offers.some((offer) => offer.subscription_scopes.length > 0);
  const ownsFormat = (offer: Offer) =>
    item.kind === 'bundle'
      ? item.itemsCount !== undefined && held.titles >= item.itemsCount
      : held.formats.has(offer.format);
  const start = (offer: Offer, rent: boolean) => {
    if (!loggedIn) return void navigate(signInHref(`${location.pathname}${location.search}`));
    setBuying({ offer, rent });
  };
  const target = ({ offer, rent }: { offer: Offer; rent: boolean }): CheckoutTarget =>
    item.kind === 'book'
      ? { kind: rent ? 'rental' : 'book', id: item.id, format: offer.format === 'ebook' ? 'ebook' : 'audiobook' }
      : { kind: item.kind, id: item.id };
  return (
    <section id="offers" aria-labelledby={headingId} className="scroll-mt-24">
      <h2 id={headingId} className="text-lg font-bold">
        {heading}
      </h2>
      {item.kind === 'bundle' && held.titles > 0 && item.itemsCount !== undefined && held.titles < item.itemsCount ? (
        <p className="mt-2 rounded-xl bg-brand-soft px-3 py-2 text-sm text-brand">
          {mn.checkout.ownedPart(held.titles, item.itemsCount)}
        </p>
      ) : null}
      <ul className="mt-3 grid gap-3">
        {offers.map((offer) => (
          <OfferCard
            key={offer.format}
            offer={offer}
            owned={ownsFormat(offer)}
            onBuy={(chosen) => start(chosen, false)}
            onRent={item.kind === 'book' ? (chosen) => start(chosen, true) : undefined}
            until={item.kind === 'book' ? (held.timed.get(offer.format) ?? null) : null}
            readHref={item.kind === 'book' && offer.format === 'ebook' ? href.reader(item.id) : undefined}
          />
        ))}
      </ul>
      {subscribable ? (
        <Link
          to="/subscription"
          className="mt-3 inline-flex h-11 w-full items-center justify-center gap-2 rounded-full border border-brand font-semibold text-brand hover:bg-brand hover:text-white"
        >
          <CrownIcon width={18} height={18} />
          {mn.offers.subscribe}
        </Link>
      ) : null}
      {buying ? (
        <CheckoutSheet
          target={target(buying)}
          title={item.title}
          kind={
            buying.rent && buying.offer.rental
              ? [mn.offers.formats[buying.offer.format], mn.rentals.sheetKind(buying.offer.rental.days)]
              : [mn.offers.formats[buying.offer.format]]
          }
          priceMnt={
            buying.rent
              ? (buying.offer.rental?.price_mnt ?? null)
              : buying.offer.price_mnt !== null && buying.offer.price_mnt > 0
                ? buying.offer.price_mnt
                : null
          }
          creditPrice={
            buying.rent ? (buying.offer.credit_price !== null ? RENTAL_CREDIT_PRICE : null) : buying.offer.credit_price
          }
          onClose={() => setBuying(null)}
        />
      ) : null}
    </section>
  );
}
