import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import type { PlanDiscount } from '@nomsan/contracts/codes';
import { discounted, planScopes, type Plan } from '@nomsan/contracts/subscriptions';
import { formatMnt } from '~/lib/format';
import { signInHref } from '~/lib/return-path';
import { buttonClass } from '~/ui/buttons';
import { CrownIcon } from '~/ui/icons';
import { SubscribeSheet, type SubscribeTarget } from './subscribe-sheet';

const t = mn.subscriptionPages;

/**
 * The plans on sale, grouped by scope (audio, e-book, summary, credit), each with its price, the
 * price a month, its discount and, for credit plans, the credits a period adds. A visitor's
 * "subscribe" goes to sign in and comes back; a member's opens the way to pay.
 */
export function PlanGrid({
  plans,
  member,
  heldPlanIds,
  discount = null,
}: {
  plans: Plan[];
  member: boolean;
  /** the plans the member holds now (their card says so instead of offering them again) */
  heldPlanIds: ReadonlySet<number>;
  /** a promo code's discount on the first period, for the plans of its scope */
  discount?: PlanDiscount | null;
}) {
  const location = useLocation();
  const [buying, setBuying] = useState<SubscribeTarget | null>(null);
  const groups = planScopes
    .map((scope) => ({ scope, plans: plans.filter((plan) => plan.scope === scope) }))
    .filter((group) => group.plans.length > 0);
  if (groups.length === 0)
    return <p className="rounded-2xl bg-surface px-5 py-8 text-center text-muted">{t.noPlans}</p>;
  return (
    <>
      {groups.map((group) => (
        <section key={group.scope} aria-labelledby={`plans-${group.scope}`} className="mt-8 first:mt-0">
          <h2 id={`plans-${group.scope}`} className="text-xl font-bold">
            {t.scopes[group.scope]}
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {group.plans.map((plan) => {
              // a promo code's price for the first period, on the plans of its scope
              const withCode =
                discount && (discount.scope === null || discount.scope === plan.scope)
                  ? { code: discount.code, priceMnt: discounted(plan.price_mnt, discount.percent) }
                  : null;
              return (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  withCode={withCode}
                  held={heldPlanIds.has(plan.id)}
                  signIn={member ? null : signInHref(`${location.pathname}${location.search}`)}
                  onSubscribe={() =>
                    setBuying({ planId: plan.id, title: plan.name, priceMnt: plan.price_mnt, ...(withCode ?? {}) })
                  }
                />
              );
            })}
          </ul>
        </section>
      ))}
      {buying ? <SubscribeSheet target={buying} onClose={() => setBuying(null)} /> : null}
    </>
  );
}

function PlanCard({
  plan,
  withCode,
  held,
  signIn,
  onSubscribe,
}: {
  plan: Plan;
  withCode: { code: string; priceMnt: number } | null;
  held: boolean;
  signIn: string | null;
  onSubscribe: () => void;
}) {
  // the price struck through: the plan's own under a code, else the plan's before its discount
  const was = withCode
    ? withCode.priceMnt < plan.price_mnt
      ? plan.price_mnt
      : null
    : plan.original_price_mnt !== null && plan.original_price_mnt > plan.price_mnt
      ? plan.original_price_mnt
      : null;
  return (
    <li aria-label={plan.name} className="flex flex-col rounded-2xl border border-line bg-white p-5">
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold">{plan.name}</p>
        {plan.discount_percentage ? (
          <span className="shrink-0 rounded-md bg-red-50 px-1.5 py-0.5 text-xs font-bold text-red-600">
            {t.discount(plan.discount_percentage)}
          </span>
        ) : null}
      </div>
      <p className="text-sm text-muted">{t.months(plan.period_months)}</p>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
        <span className="text-2xl font-extrabold tracking-tight">
          {formatMnt(withCode?.priceMnt ?? plan.price_mnt)}
        </span>
        {was !== null ? (
          <s className="text-sm text-muted">
            <span className="sr-only">{t.originalPrice}: </span>
            {formatMnt(was)}
          </s>
        ) : null}
      </p>
      {withCode ? (
        <p className="text-sm font-semibold text-brand">
          {t.codeApplied} <span className="font-mono">{withCode.code}</span> · {t.codeFirstPeriod}
        </p>
      ) : null}
      {plan.period_months > 1 ? (
        <p className="text-sm text-muted">{t.perMonth(formatMnt(plan.monthly_price_mnt))}</p>
      ) : null}
      {plan.scope === 'credit' && plan.credits_per_period > 0 ? (
        <p className="mt-1 text-sm font-semibold text-brand">{t.creditsPerPeriod(plan.credits_per_period)}</p>
      ) : null}
      {plan.description ? <p className="mt-2 text-sm text-muted">{plan.description}</p> : null}
      <div className="mt-auto pt-4">
        {held ? (
          <p className="inline-flex h-10 items-center gap-2 text-sm font-semibold text-brand">
            <CrownIcon width={16} height={16} />
            {t.current}
          </p>
        ) : signIn ? (
          <Link to={signIn} className={buttonClass('primary', 'md', 'w-full')}>
            {t.subscribe}
          </Link>
        ) : (
          <button type="button" onClick={onSubscribe} className={buttonClass('primary', 'md', 'w-full')}>
            {t.subscribe}
          </button>
        )}
      </div>
    </li>
  );
}
