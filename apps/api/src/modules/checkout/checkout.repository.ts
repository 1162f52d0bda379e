import type { ModuleDb } from '@nomsan/db/client';
import { and, eq, isNull, lt, sql } from '@nomsan/db/orm';
import type * as schema from '@nomsan/db/schema/checkout';
import { checkoutMark, checkoutRequest } from '@nomsan/db/schema/checkout';

/** The database as this module sees it: its own tables only. */
export type CheckoutDb = ModuleDb<typeof schema>;
export type RequestRow = typeof checkoutRequest.$inferSelect;

/** Purchase requests by Idempotency-Key, and the jobs' marks. Only this file touches the checkout tables. */
export function checkoutRepository(db: CheckoutDb) {
  const keyed = (userId: number, key: string) =>
    and(eq(checkoutRequest.userId, userId), eq(checkoutRequest.idempotencyKey, key));
  return {
    /**
     * claims the key for a request until `leaseUntil`; false when another request holds it (or
     * answered it already). A key whose request never answered and whose lease ran out (its
     * process died) is taken over, with the same request only.
     */
    async claim(userId: number, key: string, requestHash: string, leaseUntil: Date, now: Date): Promise<boolean> {
      const rows = await db
        .insert(checkoutRequest)
        .values({ userId, idempotencyKey: key, requestHash, leaseUntil, createdAt: now })
        .onConflictDoUpdate({
          target: [checkoutRequest.userId, checkoutRequest.idempotencyKey],
          set: { leaseUntil },
          setWhere: sql`${checkoutRequest.response} is null and ${checkoutRequest.requestHash} = ${requestHash}
            and ${checkoutRequest.leaseUntil} < ${now}`,
        })
        .returning({ userId: checkoutRequest.userId });
      return rows.length > 0;
    },

    /** forgets the keys made before `before` */
    async prune(before: Date): Promise<number> {
      const rows = await db
        .delete(checkoutRequest)
        .where(lt(checkoutRequest.createdAt, before))
        .returning({ userId: checkoutRequest.userId });
      return rows.length;
    },

    async find(userId: number, key: string): Promise<RequestRow | undefined> {
      const [row] = await db.select().from(checkoutRequest).where(keyed(userId, key));
      return row;
    },

    async complete(userId: number, key: string, invoiceId: number, response: unknown): Promise<void> {
      await db
        .update(checkoutRequest)
        .set({ invoiceId, response: response as object })
        .where(keyed(userId, key));
    },

    /** lets the key go when its request was refused, so the client may send it again */
    async release(userId: number, key: string): Promise<void> {
      await db.delete(checkoutRequest).where(and(keyed(userId, key), isNull(checkoutRequest.response)));
    },

    /** a job's mark (see `checkoutMark`); one not made yet starts at `initial` */
    async mark(name: string, initial: Date): Promise<{ at: Date; itemId: number }> {
      await db.insert(checkoutMark).values({ name, at: initial }).onConflictDoNothing();
      const [row] = await db.select().from(checkoutMark).where(eq(checkoutMark.name, name));
      return { at: row!.at, itemId: row!.itemId };
    },

    /** moves a job's mark on to `at`/`itemId`; never back (two runs at once move it once) */
    async advanceMark(name: string, at: Date, itemId: number): Promise<void> {
      await db
        .update(checkoutMark)
        .set({ at, itemId })
        .where(
          and(
            eq(checkoutMark.name, name),
            sql`(${checkoutMark.at}, ${checkoutMark.itemId}) < (${at.toISOString()}::timestamptz, ${itemId}::bigint)`,
          ),
        );
    },
  };
}
