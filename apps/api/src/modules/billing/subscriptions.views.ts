import type { Plan, Subscription } from '@nomsan/contracts/subscriptions';
import type { SavedCardRow } from './billing.repository';
import type { PlanRow, SubscriptionRow } from './subscriptions.repository';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** a plan as the API shows it */
export function planView(plan: PlanRow): Plan {
  const discount =
    plan.originalPriceMnt !== null && plan.originalPriceMnt > plan.priceMnt
      ? Math.round((1 - plan.priceMnt / plan.originalPriceMnt) * 100)
      : null;
  return {
    id: plan.id,
    code: plan.code,
    name: plan.name,
    description: plan.description,
    scope: plan.scope,
    period_months: plan.periodMonths,
    price_mnt: plan.priceMnt,
    original_price_mnt: discount === null ? null : plan.originalPriceMnt,
    discount_percentage: discount,
    monthly_price_mnt: Math.round(plan.priceMnt / plan.periodMonths),
    credits_per_period: plan.creditsPerPeriod,
  };
}

/** a member's subscription as the API shows it */
export function subscriptionView(
  row: SubscriptionRow,
  plans: ReadonlyMap<number, PlanRow>,
  card: SavedCardRow | undefined,
): Subscription {
  const plan = plans.get(row.planId)!;
  const next = row.nextPlanId === null ? undefined : plans.get(row.nextPlanId);
  return {
    id: row.publicId,
    plan: planView(plan),
    status: row.status === 'pending' ? 'expired' : row.status,
    rail: row.rail,
    renewal: row.renewal,
    renews:
      row.renewal !== 'none' && (row.status === 'active' || row.status === 'past_due') && row.nextAttemptAt !== null,
    card: card ? { masked_number: card.maskedNumber, brand: card.brand } : null,
    current_period_start: iso(row.currentPeriodStart),
    current_period_end: iso(row.currentPeriodEnd),
    grace_ends_at: iso(row.graceEndsAt),
    next_attempt_at: iso(row.nextAttemptAt),
    next_plan: next ? planView(next) : null,
    discount_percentage: row.discountPercent,
    cancelled_at: iso(row.cancelledAt),
    ended_at: iso(row.endedAt),
  };
}
