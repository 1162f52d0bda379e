import type { ModuleDb } from '@nomsan/db/client';
import { and, eq, isNull } from '@nomsan/db/orm';
import type * as schema from '@nomsan/db/schema/checkout';
import { checkoutRequest } from '@nomsan/db/schema/checkout';

/** The database as this module sees it: its own tables only. */
export type CheckoutDb = ModuleDb<typeof schema>;
export type RequestRow = typeof checkoutRequest.$inferSelect;

/** Purchase requests by Idempotency-Key. Only this file touches the checkout table. */
export function checkoutRepository(db: CheckoutDb) {
  const keyed = (userId: number, key: string) =>
    and(eq(checkoutRequest.userId, userId), eq(checkoutRequest.idempotencyKey, key));
  return {
    /** claims the key for a request; false when another request holds it already */
    async claim(userId: number, key: string, requestHash: string): Promise<boolean> {
      const rows = await db
        .insert(checkoutRequest)
        .values({ userId, idempotencyKey: key, requestHash })
        .onConflictDoNothing()
        .returning({ userId: checkoutRequest.userId });
      return rows.length > 0;
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
  };
}
