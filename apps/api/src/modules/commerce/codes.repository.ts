import type { ModuleDb } from '@nomsan/db/client';
import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from '@nomsan/db/orm';
import type * as schema from '@nomsan/db/schema/commerce';
import { commerceCode, commerceCodeRedemption } from '@nomsan/db/schema/commerce';

export type CodesDb = ModuleDb<typeof schema>;
export type CodeRow = typeof commerceCode.$inferSelect;
export type RedemptionRow = typeof commerceCodeRedemption.$inferSelect;

/** Promo codes and gift cards, and who redeemed them. */
export function codesRepository(db: CodesDb) {
  return {
    async byCode(code: string): Promise<CodeRow | undefined> {
      const [row] = await db.select().from(commerceCode).where(eq(commerceCode.code, code));
      return row;
    },

    byIds(ids: number[]): Promise<Pick<CodeRow, 'id' | 'kind' | 'title'>[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ id: commerceCode.id, kind: commerceCode.kind, title: commerceCode.title })
        .from(commerceCode)
        .where(inArray(commerceCode.id, ids));
    },

    async bySource(source: string): Promise<CodeRow | undefined> {
      const [row] = await db.select().from(commerceCode).where(eq(commerceCode.source, source));
      return row;
    },

    /** inserts a code; a cause's code made already is answered as it is */
    async insert(row: typeof commerceCode.$inferInsert): Promise<CodeRow> {
      const [inserted] = await db.insert(commerceCode).values(row).onConflictDoNothing().returning();
      if (inserted) return inserted;
      const [existing] = await db.select().from(commerceCode).where(eq(commerceCode.source, row.source!));
      return existing!;
    },

    /** records the member's redemption; false when they redeemed it before */
    async redeem(codeId: number, userId: number, at: Date, usedFor: string | null = null): Promise<boolean> {
      const rows = await db
        .insert(commerceCodeRedemption)
        .values({ codeId, userId, redeemedAt: at, usedFor })
        .onConflictDoNothing()
        .returning({ codeId: commerceCodeRedemption.codeId });
      return rows.length > 0;
    },

    /** the member's redemption of a code (locked for the caller's transaction when asked) */
    async redemption(codeId: number, userId: number, lock = false): Promise<RedemptionRow | undefined> {
      const query = db
        .select()
        .from(commerceCodeRedemption)
        .where(and(eq(commerceCodeRedemption.codeId, codeId), eq(commerceCodeRedemption.userId, userId)));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    /** what the member's redemption is used for now */
    async moveRedemption(codeId: number, userId: number, usedFor: string | null): Promise<void> {
      await db
        .update(commerceCodeRedemption)
        .set({ usedFor })
        .where(and(eq(commerceCodeRedemption.codeId, codeId), eq(commerceCodeRedemption.userId, userId)));
    },

    /** counts one redemption unless the code is used up: false when it is (the limit holds) */
    async count(codeId: number): Promise<boolean> {
      const rows = await db
        .update(commerceCode)
        .set({ redeemedCount: sql`${commerceCode.redeemedCount} + 1` })
        .where(
          and(
            eq(commerceCode.id, codeId),
            or(
              isNull(commerceCode.maxRedemptions),
              sql`${commerceCode.redeemedCount} < ${commerceCode.maxRedemptions}`,
            ),
          ),
        )
        .returning({ id: commerceCode.id });
      return rows.length > 0;
    },

    /** the gift cards a member bought, newest first */
    sentBy(userId: number): Promise<CodeRow[]> {
      return db
        .select()
        .from(commerceCode)
        .where(and(eq(commerceCode.senderUserId, userId), eq(commerceCode.kind, 'gift')))
        .orderBy(desc(commerceCode.id))
        .limit(200);
    },

    /** the gift cards a member redeemed, newest first, with when */
    async receivedBy(userId: number): Promise<{ code: CodeRow; redeemedAt: Date }[]> {
      const rows = await db
        .select({ code: commerceCode, redeemedAt: commerceCodeRedemption.redeemedAt })
        .from(commerceCodeRedemption)
        .innerJoin(commerceCode, eq(commerceCode.id, commerceCodeRedemption.codeId))
        .where(and(eq(commerceCodeRedemption.userId, userId), eq(commerceCode.kind, 'gift')))
        .orderBy(desc(commerceCodeRedemption.redeemedAt))
        .limit(200);
      return rows;
    },

    /** the public campaigns running at `now` or ended within the last week, soonest end first */
    campaigns(now: Date): Promise<CodeRow[]> {
      return db
        .select()
        .from(commerceCode)
        .where(
          and(
            eq(commerceCode.public, true),
            lte(commerceCode.startsAt, now),
            or(isNull(commerceCode.endsAt), gt(commerceCode.endsAt, new Date(now.getTime() - 7 * 86_400_000))),
          ),
        )
        .orderBy(commerceCode.endsAt)
        .limit(50);
    },
  };
}
