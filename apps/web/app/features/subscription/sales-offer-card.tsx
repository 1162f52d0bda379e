import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import type { SalesOption } from '@nomsan/contracts/subscriptions';
import { formatMnt } from '~/lib/format';
import { signInHref } from '~/lib/return-path';
import { buttonClass } from '~/ui/buttons';
import { Countdown } from '~/ui/countdown';
import { SubscribeSheet } from './subscribe-sheet';

const t = mn.subscriptionPages;

/** Seconds from `now` (the loader's clock, so server and browser render the same) to `iso`. */
export const secondsUntil = (iso: string, now: number) => Math.max(0, Math.floor((Date.parse(iso) - now) / 1000));

/**
 * A running offer on a plan: its title, the discount, the old and new price, the time left
 * (days and h:m:s; "Урамшуулал дууссан" once over) and the subscribe button that passes the
 * offer on. An auto-renew offer is taken on a card only.
 */
export function SalesOfferCard({ option, now, member }: { option: SalesOption; now: number; member: boolean }) {
  const location = useLocation();
  const seconds = secondsUntil(option.expires_at, now);
  const [ended, setEnded] = useState(seconds === 0);
  const [buying, setBuying] = useState(false);
  const { product } = option;
  return (
    <article aria-label={option.title} className="rounded-3xl border border-line bg-white p-5 sm:p-6">
      <p className="text-xs font-semibold tracking-wide text-brand uppercase">
        {option.kind === 'auto_renew' ? t.offerAutoRenew : t.offerOneTime}
      </p>
      <h2 className="mt-1 text-2xl font-extrabold tracking-tight">{option.title}</h2>
      <p className="mt-1 text-muted">
        {product.name} · {t.months(product.period_months)}
      </p>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-3xl font-extrabold tracking-tight">{formatMnt(product.discounted_price_mnt)}</span>
        <s className="text-muted">
          <span className="sr-only">{t.originalPrice}: </span>
          {formatMnt(product.price_mnt)}
        </s>
        <span className="rounded-md bg-red-50 px-2 py-0.5 text-sm font-bold text-red-600">
          {t.discount(product.discount_percentage)}
        </span>
      </p>
      <p className="mt-4 text-sm">
        {ended ? (
          <span className="font-semibold text-red-700">{mn.countdown.ended}</span>
        ) : (
          <>
            <span className="text-muted">{t.offerEndsIn}: </span>
            <Countdown seconds={seconds} restartKey={option.id} onDone={() => setEnded(true)} className="font-bold" />
          </>
        )}
      </p>
      {ended ? null : member ? (
        <button type="button" onClick={() => setBuying(true)} className={buttonClass('primary', 'lg', 'mt-5')}>
          {t.subscribe}
        </button>
      ) : (
        <Link
          to={signInHref(`${location.pathname}${location.search}`)}
          className={buttonClass('primary', 'lg', 'mt-5')}
        >
          {t.subscribe}
        </Link>
      )}
      {buying ? (
        <SubscribeSheet
          target={{
            planId: product.plan_id,
            title: option.title,
            priceMnt: product.discounted_price_mnt,
            offerId: option.id,
            cardOnly: option.kind === 'auto_renew',
          }}
          onClose={() => setBuying(false)}
        />
      ) : null}
    </article>
  );
}

/** One offer in a list: what it gives and until when, linking to its own page. */
export function SalesOfferLink({ option }: { option: SalesOption }) {
  return (
    <li className="flex flex-col rounded-2xl border border-line bg-white p-5">
      <p className="text-xs font-semibold tracking-wide text-brand uppercase">
        {option.kind === 'auto_renew' ? t.offerAutoRenew : t.offerOneTime}
      </p>
      <p className="mt-1 font-bold">{option.title}</p>
      <p className="mt-2 flex flex-wrap items-baseline gap-x-2">
        <span className="text-xl font-extrabold">{formatMnt(option.product.discounted_price_mnt)}</span>
        <s className="text-sm text-muted">{formatMnt(option.product.price_mnt)}</s>
        <span className="rounded-md bg-red-50 px-1.5 py-0.5 text-xs font-bold text-red-600">
          {t.discount(option.product.discount_percentage)}
        </span>
      </p>
      <Link to={offerPath(option)} className={buttonClass('secondary', 'sm', 'mt-4 self-start')}>
        {t.offerOpen}
      </Link>
    </li>
  );
}

/**
 * The offer's page on this site: its weblink when that is a path here, else the page of its kind
 * (a weblink pointing elsewhere would leave the store).
 */
export function offerPath(option: SalesOption): string {
  const fallback =
    option.kind === 'auto_renew' ? '/subscription/discount-auto-renew' : '/subscription/discount-one-time';
  try {
    const url = new URL(option.weblink, 'https://local.invalid');
    const path = url.pathname;
    return path === '/subscription/discount-auto-renew' || path === '/subscription/discount-one-time'
      ? `${path}${url.search}`
      : fallback;
  } catch {
    return fallback;
  }
}
