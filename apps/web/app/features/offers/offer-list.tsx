import { useId } from 'react';
import { Link } from 'react-router';
import type { Offer, SubscriptionScope } from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import { formatMnt } from '~/lib/format';
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

function OfferCard({ offer, noteId }: { offer: Offer; noteId: string }) {
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
      {offer.price_mnt !== null ? (
        <button
          type="button"
          disabled
          aria-describedby={noteId}
          className="mt-4 inline-flex h-11 w-full cursor-not-allowed items-center justify-center rounded-full bg-brand/55 font-semibold text-white"
        >
          {mn.offers.buy}
        </button>
      ) : null}
    </li>
  );
}

/**
 * The ways to get an item, one card per format. Buying is not open yet: the buttons are
 * disabled and say so; the subscription badges already lead to the plans.
 */
export function OfferList({ offers, heading = mn.offers.heading }: { offers: Offer[]; heading?: string }) {
  const noteId = useId();
  const headingId = useId();
  if (offers.length === 0) return null;
  const subscribable = offers.some((offer) => offer.subscription_scopes.length > 0);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-bold">
        {heading}
      </h2>
      <ul className="mt-3 grid gap-3">
        {offers.map((offer) => (
          <OfferCard key={offer.format} offer={offer} noteId={noteId} />
        ))}
      </ul>
      <p id={noteId} className="mt-2 text-xs text-muted">
        {mn.offers.comingSoon}
      </p>
      {subscribable ? (
        <Link
          to="/subscription"
          className="mt-3 inline-flex h-11 w-full items-center justify-center gap-2 rounded-full border border-brand font-semibold text-brand hover:bg-brand hover:text-white"
        >
          <CrownIcon width={18} height={18} />
          {mn.offers.subscribe}
        </Link>
      ) : null}
    </section>
  );
}
