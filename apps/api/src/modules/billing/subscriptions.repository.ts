import type { ModuleDb } from '@nomsan/db/client';
import { and, asc, desc, eq, gt, inArray, isNotNull, lte, sql } from '@nomsan/db/orm';
import type * as schema from '@nomsan/db/schema/billing';
import {
  billingPlan,
  billingSalesOffer,
  billingSubscription,
  billingSubscriptionPeriod,
} from '@nomsan/db/schema/billing';

export type SubscriptionsDb = ModuleDb<typeof schema>;
export type PlanRow = typeof billingPlan.$inferSelect;
export type SubscriptionRow = typeof billingSubscription.$inferSelect;
export type SubscriptionStatus = SubscriptionRow['status'];
export type PeriodRow = typeof billingSubscriptionPeriod.$inferSelect;
export type SalesOfferRow = typeof billingSalesOffer.$inferSelect;

/** the statuses in which a subscription still gives (or is about to give) access */
export const LIVE_STATUSES: SubscriptionStatus[] = ['active', 'cancelled', 'past_due'];
/** what holds a scope: one subscription per member and scope in these (a unique index) */
export const HOLDING_STATUSES: SubscriptionStatus[] = ['pending', ...LIVE_STATUSES];

/** Subscription queries: plans, subscriptions, their periods and the sales offers. */
export function subscriptionsRepository(db: SubscriptionsDb) {
  return {
    plans(): Promise<PlanRow[]> {
      return db
        .select()
        .from(billingPlan)
        .where(eq(billingPlan.active, true))
        .orderBy(asc(billingPlan.position), asc(billingPlan.id));
    },

    async plan(id: number): Promise<PlanRow | undefined> {
      const [row] = await db.select().from(billingPlan).where(eq(billingPlan.id, id));
      return row;
    },

    async insert(row: typeof billingSubscription.$inferInsert): Promise<SubscriptionRow> {
      const [inserted] = await db.insert(billingSubscription).values(row).returning();
      return inserted!;
    },

    async byId(id: number, lock = false): Promise<SubscriptionRow | undefined> {
      const query = db.select().from(billingSubscription).where(eq(billingSubscription.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async byPublicId(publicId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(billingSubscription).where(eq(billingSubscription.publicId, publicId));
      return row;
    },

    ofUser(userId: number): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(billingSubscription)
        .where(eq(billingSubscription.userId, userId))
        .orderBy(desc(billingSubscription.id));
    },

    async update(id: number, changes: Partial<typeof billingSubscription.$inferInsert>): Promise<void> {
      await db
        .update(billingSubscription)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(billingSubscription.id, id));
    },

    /** the member's subscriptions in these statuses */
    async withStatus(userId: number, statuses: SubscriptionStatus[]): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(billingSubscription)
        .where(and(eq(billingSubscription.userId, userId), inArray(billingSubscription.status, statuses)));
    },

    /** subscriptions whose renewal is due at `now` */
    dueForRenewal(now: Date, limit: number): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(billingSubscription)
        .where(
          and(
            isNotNull(billingSubscription.nextAttemptAt),
            lte(billingSubscription.nextAttemptAt, now),
            inArray(billingSubscription.status, ['active', 'past_due']),
          ),
        )
        .orderBy(asc(billingSubscription.nextAttemptAt))
        .limit(limit);
    },

    /** live subscriptions whose access has run out at `now` (period and any grace over) */
    endedBy(now: Date, limit: number): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(billingSubscription)
        .where(
          and(
            inArray(billingSubscription.status, LIVE_STATUSES),
            lte(sql`greatest(${billingSubscription.currentPeriodEnd}, ${billingSubscription.graceEndsAt})`, now),
          ),
        )
        .limit(limit);
    },

    /** live subscriptions that will not renew by themselves and end before `before` */
    endingUnrenewed(now: Date, before: Date, limit: number): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(billingSubscription)
        .where(
          and(
            inArray(billingSubscription.status, LIVE_STATUSES),
            sql`(${billingSubscription.status} = 'cancelled' or ${billingSubscription.renewal} = 'none')`,
            gt(billingSubscription.currentPeriodEnd, now),
            lte(billingSubscription.currentPeriodEnd, before),
          ),
        )
        .limit(limit);
    },

    async period(subscriptionId: number, period: number): Promise<PeriodRow | undefined> {
      const [row] = await db
        .select()
        .from(billingSubscriptionPeriod)
        .where(
          and(
            eq(billingSubscriptionPeriod.subscriptionId, subscriptionId),
            eq(billingSubscriptionPeriod.period, period),
          ),
        );
      return row;
    },

    async periodByInvoice(invoiceId: number): Promise<PeriodRow | undefined> {
      const [row] = await db
        .select()
        .from(billingSubscriptionPeriod)
        .where(eq(billingSubscriptionPeriod.invoiceId, invoiceId));
      return row;
    },

    /** writes a period's row; false when the period has one already (another worker's) */
    async insertPeriod(row: typeof billingSubscriptionPeriod.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(billingSubscriptionPeriod)
        .values(row)
        .onConflictDoNothing()
        .returning({ period: billingSubscriptionPeriod.period });
      return inserted.length > 0;
    },

    /** a period's unpaid invoice replaced by another (other terms: a plan change, a new price) */
    async replacePeriodInvoice(
      subscriptionId: number,
      period: number,
      row: Pick<typeof billingSubscriptionPeriod.$inferInsert, 'invoiceId' | 'planId' | 'startsAt' | 'endsAt'>,
    ): Promise<void> {
      await db
        .update(billingSubscriptionPeriod)
        .set(row)
        .where(
          and(
            eq(billingSubscriptionPeriod.subscriptionId, subscriptionId),
            eq(billingSubscriptionPeriod.period, period),
          ),
        );
    },

    async setPeriodDates(subscriptionId: number, period: number, startsAt: Date, endsAt: Date): Promise<void> {
      await db
        .update(billingSubscriptionPeriod)
        .set({ startsAt, endsAt })
        .where(
          and(
            eq(billingSubscriptionPeriod.subscriptionId, subscriptionId),
            eq(billingSubscriptionPeriod.period, period),
          ),
        );
    },

    /** the sales offers running at `now`, best discount first */
    salesOffers(now: Date): Promise<SalesOfferRow[]> {
      return db
        .select()
        .from(billingSalesOffer)
        .where(
          and(
            eq(billingSalesOffer.active, true),
            lte(billingSalesOffer.startsAt, now),
            gt(billingSalesOffer.expiresAt, now),
          ),
        )
        .orderBy(desc(billingSalesOffer.discountPercent), asc(billingSalesOffer.id));
    },

    async salesOffer(id: number): Promise<SalesOfferRow | undefined> {
      const [row] = await db.select().from(billingSalesOffer).where(eq(billingSalesOffer.id, id));
      return row;
    },
  };
}
