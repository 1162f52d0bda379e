import { z } from 'zod';
import { mn } from '@nomsan/contracts/messages';
import { discounted } from '@nomsan/contracts/subscriptions';
import { AppError, notFound } from '../../errors';
import { ubDate } from '../../lib/ub-dates';
import { DAY_MS } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Kernel } from '../../kernel/module';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import type { CreditsService } from '../credits/credits.service';
import type { EntitlementsService } from '../entitlements/entitlements.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { defineJob } from '../jobs/jobs.service';
import {
  RAIL_ERROR,
  randomId,
  type BillingService,
  type InvoiceLineRow,
  type InvoiceRow,
  type PaymentRow,
  type SettledInvoice,
} from './billing.service';
import {
  HOLDING_STATUSES,
  LIVE_STATUSES,
  subscriptionsRepository,
  type PlanRow,
  type SalesOfferRow,
  type SubscriptionRow,
} from './subscriptions.repository';

export type { PlanRow, SalesOfferRow, SubscriptionRow };

/** What the notifications centre takes (its service's `notify`), so billing can tell members. */
export type Notify = NotificationsService['notify'];

/** a renewal is charged this long before the period ends */
export const RENEW_AHEAD_MS = DAY_MS;
/** a failed renewal keeps access this long after the period's end, while it is retried */
export const GRACE_MS = 3 * DAY_MS;
/**
 * after the first and second failed renewal, the next try comes this much later; after the
 * third, none: tries a day before the end, at the end and a day after, inside the grace
 */
export const DUNNING_DELAYS_MS = [DAY_MS, DAY_MS] as const;
/** members whose subscription will not renew are told this long before it ends */
export const ENDING_WARNINGS_MS = [3 * DAY_MS, DAY_MS] as const;

/** how soon a renewal that could not reach the bank is tried again (not counted as declined) */
export const UNREACHABLE_RETRY_MS = 15 * 60_000;

/** a renewal leaves a pending attempt younger than this alone (a job's lease: its worker may be on it) */
const ATTEMPT_SETTLING_MS = 5 * 60_000;

/** Charges one period of one subscription (the renewal job; it calls the rail, so it is not transactional). */
export const renewSubscriptionJob = defineJob(
  'billing.renew-subscription',
  z.object({ subscriptionId: z.number().int(), period: z.number().int() }).strict(),
  { maxAttempts: 5 },
);
/** Finds renewals due, subscriptions ended and ones to warn about (every minute). */
export const subscriptionsDueJob = defineJob('billing.subscriptions-due', z.object({}).strict(), { maxAttempts: 3 });

/** What one paid line of a subscription invoice gives: one period of the subscription. */
const periodFulfilment = z.object({
  subscription: z.string(),
  period: z.number().int().min(1),
  planId: z.number().int(),
  /** an upgrade's period starts at payment and ends the current one there */
  upgrade: z.boolean().default(false),
});

/** the same day of the month `months` later, or the month's last day when it has none (UTC) */
export function addMonths(from: Date, months: number): Date {
  const result = new Date(from.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}

export { discounted };

const passSource = (subscription: SubscriptionRow, period: number) =>
  `subscription:${subscription.publicId}:${period}:`;

export interface OpenSubscription {
  userId: number;
  planId: number;
  rail: SubscriptionRow['rail'];
  renewal: SubscriptionRow['renewal'];
  /** a sales offer the member takes it on */
  offerId?: number;
  /** a discount on the first period (a promo code's); with an offer's, the larger applies */
  firstDiscountPercent?: number;
  /** the phone a carrier bills */
  phone?: string;
  /** the saved row a `carrier` renewal charges (the carrier's consent) */
  cardId?: number;
}

/**
 * Subscriptions (docs/subscriptions.md): a plan paid a period at a time, each period one
 * invoice whose row is written once (unique on the subscription and the period's number), so a
 * period is never charged twice, whatever runs twice. Paying a period's invoice (any rail, the
 * renewal job's saved-card charge included) is what activates it: the paid listener below
 * moves the subscription on, gives the period's pass (or a credit plan's credits) and tells the
 * member, all in the transaction that settles the payment.
 */
export function subscriptionsService(
  kernel: Kernel,
  billing: BillingService,
  deps: { credits: CreditsService; entitlements: EntitlementsService; notify?: Notify },
) {
  const repository = boundRepository(subscriptionsRepository);
  const now = () => kernel.clock.now();
  const notify: Notify = (ctx, n) => deps.notify?.(ctx, n) ?? Promise.resolve();

  async function planOf(ctx: Ctx, id: number): Promise<PlanRow> {
    const plan = await repository(ctx).plan(id);
    if (!plan) throw notFound(mn.subscriptions.planNotFound);
    return plan;
  }

  /**
   * A subscription's row, locked, after its member's buyer lock: the one lock order of every
   * sale and settlement (buyer, payment, invoice, then the subscription a settled period
   * activates). Locking the row first let a renewal and the settlement of its own charge
   * deadlock, and PostgreSQL broke the tie by failing the settlement (the charge left pending).
   */
  async function lockSubscription(ctx: Ctx, id: number): Promise<SubscriptionRow | undefined> {
    const found = await repository(ctx).byId(id);
    if (!found) return undefined;
    await billing.lockBuyer(ctx, found.userId);
    return repository(ctx).byId(id, true);
  }

  async function own(ctx: Ctx, userId: number, publicId: string, lock = false): Promise<SubscriptionRow> {
    const found = await repository(ctx).byPublicId(publicId);
    if (!found || found.userId !== userId) throw notFound(mn.subscriptions.notFound);
    return lock ? (await lockSubscription(ctx, found.id))! : found;
  }

  /** the invoice of a period and its row, written once; the period's invoice if it has one */
  async function periodInvoice(
    ctx: Ctx,
    subscription: SubscriptionRow,
    period: number,
    plan: PlanRow,
    options: { amountMnt: number; startsAt: Date; title: string; upgrade?: boolean },
  ): Promise<InvoiceRow> {
    const existing = await repository(ctx).period(subscription.id, period);
    const upgrade = options.upgrade ?? false;
    if (existing) {
      const invoice = (await billing.invoiceById(ctx, existing.invoiceId))!;
      if (invoice.status === 'paid' || invoice.status === 'refunded') return invoice;
      const [line] = (await billing.invoiceRecord(ctx, invoice.id)).lines;
      const terms = line ? periodFulfilment.safeParse(line.fulfilment) : undefined;
      // a period's invoice left unpaid (a declined renewal, a QR not scanned) is opened again on
      // the same terms; on other terms (another plan, price or an upgrade) it is replaced, and
      // a payment landing on the old one later is refunded (it no longer sells the period)
      if (existing.planId === plan.id && invoice.amountMnt === options.amountMnt && terms?.data?.upgrade === upgrade) {
        return billing.reopenInvoice(ctx, existing.invoiceId);
      }
      await billing.cancelInvoice(ctx, invoice.id);
    }
    const invoice = await billing.createInvoice(ctx, {
      userId: subscription.userId,
      description: options.title,
      lines: [
        {
          itemType: 'subscription',
          itemId: plan.id,
          format: plan.scope,
          title: options.title,
          amountMnt: options.amountMnt,
          amountCredits: 0,
          fulfilment: {
            subscription: subscription.publicId,
            period,
            planId: plan.id,
            upgrade,
          } satisfies z.input<typeof periodFulfilment>,
        },
      ],
    });
    const row = {
      invoiceId: invoice.id,
      planId: plan.id,
      startsAt: options.startsAt,
      endsAt: addMonths(options.startsAt, plan.periodMonths),
    };
    if (existing) {
      await repository(ctx).replacePeriodInvoice(subscription.id, period, row);
      return invoice;
    }
    const written = await repository(ctx).insertPeriod({ subscriptionId: subscription.id, period, ...row });
    // the caller holds the subscription's row lock, so nobody else can have written it
    if (!written) throw new Error(`period ${period} of subscription ${subscription.publicId} written twice`);
    return invoice;
  }

  /**
   * Why a subscription invoice can no longer give its period (a Mongolian message), or null:
   * its period was paid or its invoice replaced (another plan, an upgrade), or the subscription
   * was given up for another that now holds the scope.
   */
  async function undeliverable(ctx: Ctx, _invoice: InvoiceRow, lines: InvoiceLineRow[]): Promise<string | null> {
    for (const line of lines) {
      const given = periodFulfilment.parse(line.fulfilment);
      const subscription = await repository(ctx).byPublicId(given.subscription);
      if (!subscription) return mn.money.subscriptionReplaced;
      const period = await repository(ctx).period(subscription.id, given.period);
      if (!period || period.invoiceId !== line.invoiceId || subscription.period >= given.period) {
        return mn.money.subscriptionReplaced;
      }
      if (!HOLDING_STATUSES.includes(subscription.status)) {
        const others = await repository(ctx).withStatus(subscription.userId, HOLDING_STATUSES);
        if (others.some((other) => other.scope === subscription.scope)) return mn.subscriptions.alreadySubscribed;
      }
    }
    return null;
  }

  /** the next period's plan and price: a downgrade waiting for the period's end applies now */
  async function nextPeriodTerms(ctx: Ctx, subscription: SubscriptionRow) {
    const plan = await planOf(ctx, subscription.nextPlanId ?? subscription.planId);
    return { plan, amountMnt: discounted(plan.priceMnt, subscription.discountPercent) };
  }

  /** a period was paid: the subscription moves on, with its pass or credits; once */
  async function activate(ctx: Ctx, settled: SettledInvoice): Promise<void> {
    for (const line of settled.lines) {
      if (line.itemType !== 'subscription') continue;
      const given = periodFulfilment.parse(line.fulfilment);
      const found = await repository(ctx).byPublicId(given.subscription);
      if (!found) continue;
      const subscription = (await lockSubscription(ctx, found.id))!;
      if (subscription.period >= given.period) continue;
      const plan = await planOf(ctx, given.planId);
      const at = now();
      const continues = !given.upgrade && subscription.currentPeriodEnd !== null && subscription.status !== 'expired';
      let startsAt = continues ? subscription.currentPeriodEnd! : at;
      if (addMonths(startsAt, plan.periodMonths) <= at) startsAt = at;
      const endsAt = addMonths(startsAt, plan.periodMonths);
      if (given.upgrade && subscription.period > 0) {
        await deps.entitlements.endPass(
          ctx,
          subscription.userId,
          `${passSource(subscription, subscription.period)}period`,
        );
      }
      let renewal = subscription.renewal;
      let cardId = subscription.cardId;
      if (renewal === 'card' && cardId === null) {
        cardId = settled.savedCard?.id ?? null;
        if (cardId === null) renewal = 'none';
      }
      const renews = renewal !== 'none' && subscription.status !== 'cancelled';
      await repository(ctx).update(subscription.id, {
        status: subscription.status === 'cancelled' ? 'cancelled' : 'active',
        planId: plan.id,
        // an upgrade replaces a downgrade that waited; the plan waited for is now the plan
        nextPlanId: given.upgrade || subscription.nextPlanId === plan.id ? null : subscription.nextPlanId,
        period: given.period,
        currentPeriodStart: startsAt,
        currentPeriodEnd: endsAt,
        graceEndsAt: null,
        failedAttempts: 0,
        renewal,
        cardId,
        nextAttemptAt: renews ? new Date(endsAt.getTime() - RENEW_AHEAD_MS) : null,
        endedAt: null,
      });
      await repository(ctx).setPeriodDates(subscription.id, given.period, startsAt, endsAt);
      if (plan.scope === 'credit') {
        if (plan.creditsPerPeriod > 0) {
          await deps.credits.add(ctx, {
            userId: subscription.userId,
            credits: plan.creditsPerPeriod,
            kind: 'subscription_grant',
            description: mn.subscriptions.ledgerGrant(plan.name),
            entryKey: `subscription:${subscription.publicId}:${given.period}:credits`,
          });
        }
      } else {
        await deps.entitlements.grantPass(ctx, {
          userId: subscription.userId,
          scope: plan.scope,
          source: `${passSource(subscription, given.period)}period`,
          startsAt,
          endsAt,
        });
      }
      const first = subscription.period === 0;
      await notify(ctx, {
        userId: subscription.userId,
        kind: first ? 'subscription_started' : 'subscription_renewed',
        title: first ? mn.subscriptions.notify.startedTitle : mn.subscriptions.notify.renewedTitle,
        body: (first ? mn.subscriptions.notify.started : mn.subscriptions.notify.renewed)(plan.name, ubDate(endsAt)),
        link: '/subscription',
        channels: first ? [] : ['email'],
        dedupeKey: `subscription:${subscription.publicId}:${given.period}:paid`,
      });
    }
  }

  /** a refunded period: its pass and credits are taken back and the subscription ends */
  async function takeBack(ctx: Ctx, settled: SettledInvoice): Promise<void> {
    for (const line of settled.lines) {
      if (line.itemType !== 'subscription') continue;
      const given = periodFulfilment.parse(line.fulfilment);
      const found = await repository(ctx).byPublicId(given.subscription);
      if (!found) continue;
      const subscription = (await lockSubscription(ctx, found.id))!;
      const plan = await planOf(ctx, given.planId);
      await deps.entitlements.revokePasses(ctx, subscription.userId, passSource(subscription, given.period));
      if (plan.scope === 'credit' && plan.creditsPerPeriod > 0) {
        await deps.credits.spend(ctx, {
          userId: subscription.userId,
          credits: plan.creditsPerPeriod,
          kind: 'refund',
          description: mn.subscriptions.ledgerRefund(plan.name),
          entryKey: `subscription:${subscription.publicId}:${given.period}:credits:refund`,
        });
      }
      if (subscription.period === given.period) {
        await repository(ctx).update(subscription.id, {
          status: 'expired',
          endedAt: now(),
          nextAttemptAt: null,
        });
      }
    }
  }

  billing.handleLines(['subscription'], { undeliverable, paid: activate, refunded: takeBack });

  /** a renewal charge failed: retried on the dunning schedule, with access kept through the grace */
  async function recordFailure(ctx: Ctx, subscriptionId: number, period: number, failure: string): Promise<void> {
    await transaction(ctx, async (tx) => {
      const subscription = (await lockSubscription(tx, subscriptionId))!;
      if (subscription.period >= period || subscription.currentPeriodEnd === null) return;
      const plan = await planOf(tx, subscription.planId);
      const failedAttempts = subscription.failedAttempts + 1;
      const graceEndsAt = subscription.graceEndsAt ?? new Date(subscription.currentPeriodEnd.getTime() + GRACE_MS);
      const delay = DUNNING_DELAYS_MS[failedAttempts - 1];
      const retryAt = delay === undefined ? null : new Date(now().getTime() + delay);
      const nextAttemptAt = retryAt && retryAt < graceEndsAt ? retryAt : null;
      await repository(tx).update(subscription.id, {
        status: 'past_due',
        failedAttempts,
        graceEndsAt,
        nextAttemptAt,
      });
      if (plan.scope !== 'credit') {
        await deps.entitlements.grantPass(tx, {
          userId: subscription.userId,
          scope: plan.scope,
          source: `${passSource(subscription, subscription.period)}grace`,
          startsAt: subscription.currentPeriodEnd,
          endsAt: graceEndsAt,
        });
      }
      kernel.log.warn({ subscription: subscription.publicId, period, failure, failedAttempts }, 'a renewal failed');
      await notify(tx, {
        userId: subscription.userId,
        kind: 'renewal_failed',
        title: mn.subscriptions.notify.failedTitle,
        body: mn.subscriptions.notify.failed(
          plan.name,
          nextAttemptAt ? ubDate(nextAttemptAt) : null,
          ubDate(graceEndsAt),
        ),
        link: '/subscription',
        channels: ['sms', 'email'],
        dedupeKey: `subscription:${subscription.publicId}:${period}:failed:${failedAttempts}`,
      });
    });
  }

  /**
   * Renews a subscription for `period` (the job's work): the period's invoice is written once
   * under the subscription's row lock; an attempt left pending by a worker that died is asked
   * about before anything is charged; the charge is keyed by the period and the attempt's
   * number, so two workers racing charge once.
   */
  async function renew(ctx: Ctx, subscriptionId: number, period: number): Promise<void> {
    const prepared = await transaction(ctx, async (tx) => {
      const subscription = await lockSubscription(tx, subscriptionId);
      if (
        !subscription ||
        subscription.period + 1 !== period ||
        !['active', 'past_due'].includes(subscription.status) ||
        subscription.renewal === 'none' ||
        !subscription.nextAttemptAt ||
        subscription.nextAttemptAt > now()
      ) {
        return null;
      }
      const { plan, amountMnt } = await nextPeriodTerms(tx, subscription);
      const invoice = await periodInvoice(tx, subscription, period, plan, {
        amountMnt,
        startsAt: subscription.currentPeriodEnd ?? now(),
        title: mn.subscriptions.invoiceTitle(plan.name),
      });
      return { subscription, invoice };
    });
    if (!prepared || prepared.invoice.status === 'paid') return;
    const { subscription, invoice } = prepared;
    for (const earlier of await billing.paymentsOfInvoice(ctx, invoice.id)) {
      if (earlier.status !== 'pending') continue;
      // an attempt of the last minutes may still be waiting for the bank's answer: left alone
      if (now().getTime() - earlier.createdAt.getTime() < ATTEMPT_SETTLING_MS) return;
      let checked: PaymentRow;
      try {
        checked = await billing.confirmPayment(ctx, earlier);
      } catch (error) {
        // the bank did not say: nothing is charged beside an attempt it may have taken; the
        // next minute's run asks again
        kernel.log.warn(
          {
            subscription: subscription.publicId,
            payment: earlier.publicId,
            err: error instanceof Error ? error.message : error,
          },
          'a renewal attempt could not be checked',
        );
        return;
      }
      // still pending at the rail: asked again on the next run, never charged beside it
      if (checked.status === 'pending' || checked.status === 'paid') return;
    }
    // one key per scheduled attempt (its time): two workers on it charge once; a later one is new
    const key = `renew-${subscription.publicId}-${period}-${subscription.nextAttemptAt!.getTime()}`;
    let payment: PaymentRow;
    try {
      // a card renewal charges the saved card; a carrier renewal the consent saved like one
      if ((subscription.renewal !== 'card' && subscription.renewal !== 'carrier') || subscription.cardId === null) {
        throw new AppError('BUSINESS_RULE', mn.money.cardNotFound);
      }
      const card = await billing.cardById(ctx, subscription.cardId);
      if (!card) throw new AppError('BUSINESS_RULE', mn.money.cardNotFound);
      payment = await billing.startPayment(ctx, {
        userId: subscription.userId,
        invoice: (await billing.invoiceById(ctx, invoice.id))!,
        rail: card.rail === 'credits' ? 'golomt' : card.rail,
        idempotencyKey: key,
        cardPublicId: card.publicId,
      });
    } catch (error) {
      // another worker is charging this very attempt: its outcome counts
      if (isUniqueViolation(error)) return;
      const attempt = await billing.paymentByIdempotencyKey(ctx, subscription.userId, key);
      if (!(error instanceof AppError) && !attempt) throw error;
      // the attempt stays pending and the next run asks the bank about it; said, never silent
      if (!(error instanceof AppError))
        kernel.onError(error, `renewal of ${subscription.publicId} stopped after its charge`);
      payment = attempt ?? ({ status: 'failed', failureCode: 'card_removed' } as PaymentRow);
    }
    if (payment.status === 'paid' || payment.status === 'pending') return;
    if (payment.failureCode === RAIL_ERROR && subscription.currentPeriodEnd && now() < subscription.currentPeriodEnd) {
      // the bank could not be reached: not the member's card, so not a declined try and nobody
      // is told; asked again shortly while the period lasts (after it, it counts as a failure)
      await transaction(ctx, async (tx) => {
        const locked = (await lockSubscription(tx, subscription.id))!;
        if (locked.period + 1 !== period || locked.nextAttemptAt?.getTime() !== subscription.nextAttemptAt!.getTime())
          return;
        await repository(tx).update(locked.id, { nextAttemptAt: new Date(now().getTime() + UNREACHABLE_RETRY_MS) });
      });
      kernel.log.warn({ subscription: subscription.publicId, period }, 'a renewal could not reach the bank');
      return;
    }
    await recordFailure(ctx, subscription.id, period, payment.failureCode ?? RAIL_ERROR);
  }

  return {
    /** the plans on sale, optionally of one scope */
    async plans(ctx: Ctx, scope?: PlanRow['scope']): Promise<PlanRow[]> {
      const plans = await repository(ctx).plans();
      return scope ? plans.filter((plan) => plan.scope === scope) : plans;
    },

    /** the sales offers running now, with their plans */
    async salesOffers(ctx: Ctx): Promise<{ offer: SalesOfferRow; plan: PlanRow }[]> {
      const offers = await repository(ctx).salesOffers(now());
      const plans = new Map((await repository(ctx).plans()).map((plan) => [plan.id, plan]));
      return offers.flatMap((offer) => {
        const plan = plans.get(offer.planId);
        return plan ? [{ offer, plan }] : [];
      });
    },

    /** one of the member's subscriptions with what its view needs */
    async one(ctx: Ctx, userId: number, publicId: string) {
      const row = await own(ctx, userId, publicId);
      const plans = new Map<number, PlanRow>();
      for (const id of [row.planId, row.nextPlanId]) if (id !== null) plans.set(id, await planOf(ctx, id));
      const card = row.cardId === null ? undefined : await billing.cardById(ctx, row.cardId);
      return { row, plans, card };
    },

    /** the member's subscriptions (live ones first, then the last ended), with their plans */
    async status(ctx: Ctx, userId: number) {
      const rows = (await repository(ctx).ofUser(userId)).filter((row) => row.status !== 'pending');
      const live = rows.filter((row) => LIVE_STATUSES.includes(row.status));
      const ended = rows.filter((row) => row.status === 'expired').slice(0, 5);
      const plans = new Map((await repository(ctx).plans()).map((plan) => [plan.id, plan]));
      for (const row of [...live, ...ended]) {
        for (const id of [row.planId, row.nextPlanId]) {
          if (id !== null && !plans.has(id)) plans.set(id, await planOf(ctx, id));
        }
      }
      const cards = new Map<number, Awaited<ReturnType<BillingService['cardById']>>>();
      for (const row of live) {
        if (row.cardId !== null && !cards.has(row.cardId))
          cards.set(row.cardId, await billing.cardById(ctx, row.cardId));
      }
      return { subscriptions: [...live, ...ended], plans, cards, access: await deps.entitlements.passes(ctx, userId) };
    },

    /**
     * Opens a subscription and its first period's invoice (pending until paid), in the caller's
     * unit of work. A member holds one live subscription per scope: another is a plan change.
     */
    async open(ctx: Ctx, input: OpenSubscription): Promise<{ subscription: SubscriptionRow; invoice: InvoiceRow }> {
      return transaction(ctx, async (tx) => {
        const plan = await planOf(tx, input.planId);
        if (!plan.active) throw notFound(mn.subscriptions.planNotFound);
        let discountPercent = 0;
        let firstDiscount = input.firstDiscountPercent ?? 0;
        if (input.offerId !== undefined) {
          const offer = await repository(tx).salesOffer(input.offerId);
          const at = now();
          if (!offer || !offer.active || offer.startsAt > at || offer.expiresAt <= at || offer.planId !== plan.id) {
            throw new AppError('BUSINESS_RULE', mn.subscriptions.offerEnded);
          }
          if (offer.kind === 'auto_renew' && input.renewal === 'none') {
            throw new AppError('BUSINESS_RULE', mn.subscriptions.offerNeedsCard);
          }
          firstDiscount = Math.max(firstDiscount, offer.discountPercent);
          if (offer.kind === 'auto_renew') discountPercent = offer.discountPercent;
        }
        const amountMnt = discounted(plan.priceMnt, firstDiscount);
        for (const other of await repository(tx).withStatus(input.userId, HOLDING_STATUSES)) {
          if (other.scope !== plan.scope) continue;
          if (other.status !== 'pending') {
            const end = Math.max(other.currentPeriodEnd?.getTime() ?? 0, other.graceEndsAt?.getTime() ?? 0);
            // one whose time is up before the minute's job saw it ends now; a live one is a plan change
            if (end > now().getTime()) throw new AppError('CONFLICT', mn.subscriptions.alreadySubscribed);
            await repository(tx).update(other.id, { status: 'expired', endedAt: now(), nextAttemptAt: null });
            continue;
          }
          const first = await repository(tx).period(other.id, 1);
          const invoice = first ? await billing.invoiceById(tx, first.invoiceId) : undefined;
          if (
            invoice &&
            other.planId === plan.id &&
            other.discountPercent === discountPercent &&
            invoice.amountMnt === amountMnt
          ) {
            // asked again on the same terms: the same subscription and invoice, paid on the rail asked now
            const changes = {
              rail: input.rail,
              renewal: input.renewal,
              phone: input.phone ?? null,
              cardId: input.cardId ?? null,
            };
            await repository(tx).update(other.id, changes);
            return { subscription: { ...other, ...changes }, invoice: await billing.reopenInvoice(tx, invoice.id) };
          }
          // on other terms (another plan, offer or code) the unpaid one is given up; a payment
          // landing on its invoice later is refunded
          await repository(tx).update(other.id, { status: 'expired', endedAt: now(), nextAttemptAt: null });
          if (invoice) await billing.cancelInvoice(tx, invoice.id);
        }
        const subscription = await repository(tx).insert({
          publicId: randomId(20),
          userId: input.userId,
          planId: plan.id,
          scope: plan.scope,
          status: 'pending',
          rail: input.rail,
          renewal: input.renewal,
          phone: input.phone ?? null,
          cardId: input.cardId ?? null,
          discountPercent,
        });
        const invoice = await periodInvoice(tx, subscription, 1, plan, {
          amountMnt,
          startsAt: now(),
          title: mn.subscriptions.invoiceTitle(plan.name),
        });
        return { subscription, invoice };
      });
    },

    /**
     * The next period's invoice of a subscription that does not renew by itself (QPay: a period
     * at a time), or of one whose renewal failed, for the member to pay on any rail.
     */
    async payNext(ctx: Ctx, userId: number, publicId: string): Promise<InvoiceRow> {
      return transaction(ctx, async (tx) => {
        const subscription = await own(tx, userId, publicId, true);
        if (!LIVE_STATUSES.includes(subscription.status))
          throw new AppError('BUSINESS_RULE', mn.subscriptions.notRenewable);
        const { plan, amountMnt } = await nextPeriodTerms(tx, subscription);
        return periodInvoice(tx, subscription, subscription.period + 1, plan, {
          amountMnt,
          startsAt: subscription.currentPeriodEnd ?? now(),
          title: mn.subscriptions.invoiceTitle(plan.name),
        });
      });
    },

    /** stops renewals; access stays until the period's end (then the subscription expires) */
    async cancel(ctx: Ctx, userId: number, publicId: string): Promise<SubscriptionRow> {
      return transaction(ctx, async (tx) => {
        const subscription = await own(tx, userId, publicId, true);
        if (subscription.status === 'cancelled') return subscription;
        if (!['active', 'past_due'].includes(subscription.status)) {
          throw new AppError('BUSINESS_RULE', mn.subscriptions.notCancellable);
        }
        const plan = await planOf(tx, subscription.planId);
        const changes = { status: 'cancelled' as const, cancelledAt: now(), nextAttemptAt: null, nextPlanId: null };
        await repository(tx).update(subscription.id, changes);
        await notify(tx, {
          userId,
          kind: 'subscription_cancelled',
          title: mn.subscriptions.notify.cancelledTitle,
          body: mn.subscriptions.notify.cancelled(plan.name, ubDate(subscription.currentPeriodEnd ?? now())),
          link: '/subscription',
          channels: ['email'],
          dedupeKey: `subscription:${subscription.publicId}:${subscription.period}:cancelled`,
        });
        return { ...subscription, ...changes };
      });
    },

    /** takes a cancellation back before the period ends: renewals start again */
    async resume(ctx: Ctx, userId: number, publicId: string): Promise<SubscriptionRow> {
      return transaction(ctx, async (tx) => {
        const subscription = await own(tx, userId, publicId, true);
        if (
          subscription.status !== 'cancelled' ||
          !subscription.currentPeriodEnd ||
          subscription.currentPeriodEnd <= now()
        ) {
          throw new AppError('BUSINESS_RULE', mn.subscriptions.notResumable);
        }
        const changes = {
          status: 'active' as const,
          cancelledAt: null,
          nextAttemptAt:
            subscription.renewal === 'none'
              ? null
              : new Date(Math.max(now().getTime(), subscription.currentPeriodEnd.getTime() - RENEW_AHEAD_MS)),
        };
        await repository(tx).update(subscription.id, changes);
        return { ...subscription, ...changes };
      });
    },

    /**
     * Changes the plan (same scope). A dearer plan applies at once: a new period starts now and
     * costs the new price less what is left of the current one (its unused days, pro rata, in
     * whole tögrög); the invoice is returned to be paid. A cheaper one applies at the period's
     * end (nothing to pay now; null).
     */
    async changePlan(ctx: Ctx, userId: number, publicId: string, planId: number): Promise<InvoiceRow | null> {
      return transaction(ctx, async (tx) => {
        const subscription = await own(tx, userId, publicId, true);
        if (!['active', 'past_due', 'cancelled'].includes(subscription.status) || !subscription.currentPeriodEnd) {
          throw new AppError('BUSINESS_RULE', mn.subscriptions.notRenewable);
        }
        const [current, wanted] = [await planOf(tx, subscription.planId), await planOf(tx, planId)];
        if (!wanted.active) throw notFound(mn.subscriptions.planNotFound);
        if (wanted.scope !== current.scope) throw new AppError('BUSINESS_RULE', mn.subscriptions.otherScope);
        if (wanted.id === current.id) {
          // staying on the plan takes back a downgrade that waits for the period's end
          if (subscription.nextPlanId === null) throw new AppError('CONFLICT', mn.subscriptions.samePlan);
          await repository(tx).update(subscription.id, { nextPlanId: null });
          return null;
        }
        if (wanted.priceMnt <= current.priceMnt) {
          await repository(tx).update(subscription.id, { nextPlanId: wanted.id });
          return null;
        }
        const paid = await repository(tx).period(subscription.id, subscription.period);
        const paidInvoice = paid ? await billing.invoiceById(tx, paid.invoiceId) : undefined;
        const start = subscription.currentPeriodStart ?? now();
        const total = subscription.currentPeriodEnd.getTime() - start.getTime();
        const left = Math.max(0, subscription.currentPeriodEnd.getTime() - now().getTime());
        const unused = total > 0 && paidInvoice ? Math.floor((paidInvoice.amountMnt * left) / total) : 0;
        const price = discounted(wanted.priceMnt, subscription.discountPercent);
        const amountMnt = Math.max(1, price - unused);
        return periodInvoice(tx, subscription, subscription.period + 1, wanted, {
          amountMnt,
          startsAt: now(),
          title: mn.subscriptions.upgradeTitle(wanted.name),
          upgrade: true,
        });
      });
    },

    renew,

    /**
     * The minute's work (a schedule): renewals due become jobs (one per subscription and
     * period, however many workers look), live subscriptions whose time is up expire, and
     * members whose subscription will not renew are warned three days and one day ahead.
     */
    async runDue(ctx: Ctx): Promise<{ renewals: number; expired: number; warned: number }> {
      const at = now();
      let renewals = 0;
      for (const subscription of await repository(ctx).dueForRenewal(at, 500)) {
        const period = subscription.period + 1;
        const id = await kernel.jobs.enqueue(
          ctx,
          renewSubscriptionJob,
          { subscriptionId: subscription.id, period },
          { dedupeKey: `renew:${subscription.id}:${period}:${subscription.nextAttemptAt!.getTime()}` },
        );
        if (id) renewals++;
      }
      let expired = 0;
      for (const ending of await repository(ctx).endedBy(at, 500)) {
        await transaction(ctx, async (tx) => {
          const subscription = (await lockSubscription(tx, ending.id))!;
          const end = Math.max(subscription.currentPeriodEnd?.getTime() ?? 0, subscription.graceEndsAt?.getTime() ?? 0);
          if (!LIVE_STATUSES.includes(subscription.status) || end > now().getTime()) return;
          await repository(tx).update(subscription.id, { status: 'expired', endedAt: now(), nextAttemptAt: null });
          const plan = await planOf(tx, subscription.planId);
          await notify(tx, {
            userId: subscription.userId,
            kind: 'subscription_ended',
            title: mn.subscriptions.notify.endedTitle,
            body: mn.subscriptions.notify.ended(plan.name),
            link: '/subscription',
            channels: ['email'],
            dedupeKey: `subscription:${subscription.publicId}:${subscription.period}:ended`,
          });
          expired++;
        });
      }
      let warned = 0;
      const soonest = Math.max(...ENDING_WARNINGS_MS);
      for (const subscription of await repository(ctx).endingUnrenewed(at, new Date(at.getTime() + soonest), 500)) {
        const left = subscription.currentPeriodEnd!.getTime() - at.getTime();
        // the closest warning not yet past: 1 day when a day or less is left, else 3 days
        const due = [...ENDING_WARNINGS_MS].sort((a, b) => a - b).find((before) => left <= before);
        if (due === undefined) continue;
        const plan = await planOf(ctx, subscription.planId);
        await transaction(ctx, (tx) =>
          notify(tx, {
            userId: subscription.userId,
            kind: 'subscription_ending',
            title: mn.subscriptions.notify.endingTitle,
            body: mn.subscriptions.notify.ending(plan.name, ubDate(subscription.currentPeriodEnd!)),
            link: '/subscription',
            channels: ['sms'],
            dedupeKey: `subscription:${subscription.publicId}:${subscription.period}:ending:${due / DAY_MS}`,
          }),
        );
        warned++;
      }
      return { renewals, expired, warned };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof subscriptionsService>;
