import type { ModuleDb } from '@nomsan/db/client';
import { and, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from '@nomsan/db/orm';
import type * as schema from '@nomsan/db/schema/entitlements';
import { entitlementsGrant, entitlementsPass } from '@nomsan/db/schema/entitlements';

/** The database as this module sees it: its own tables only. */
export type EntitlementsDb = ModuleDb<typeof schema>;

export type GrantRow = typeof entitlementsGrant.$inferSelect;
export type PassRow = typeof entitlementsPass.$inferSelect;
export type NewPass = Pick<PassRow, 'userId' | 'scope' | 'source' | 'startsAt' | 'endsAt'>;
export type NewGrant = Pick<GrantRow, 'userId' | 'itemType' | 'itemId' | 'format' | 'reason' | 'source'> &
  Partial<Pick<GrantRow, 'startsAt' | 'endsAt'>>;

/** grants in force at `now`: not revoked, started, not ended */
const inForce = (now: Date): SQL =>
  and(
    isNull(entitlementsGrant.revokedAt),
    lte(entitlementsGrant.startsAt, now),
    or(isNull(entitlementsGrant.endsAt), gt(entitlementsGrant.endsAt, now)),
  ) as SQL;

/** Entitlement queries. Only this file touches the grants table. */
export function entitlementsRepository(db: EntitlementsDb) {
  return {
    /** inserts the grants a cause gives; a grant it gave already is kept as it is */
    async grant(grants: NewGrant[]): Promise<number> {
      if (grants.length === 0) return 0;
      const rows = await db
        .insert(entitlementsGrant)
        .values(grants)
        .onConflictDoNothing()
        .returning({ id: entitlementsGrant.id });
      return rows.length;
    },

    /** ends every grant a cause gave (a refund) */
    async revokeSource(source: string, at: Date): Promise<number> {
      const rows = await db
        .update(entitlementsGrant)
        .set({ revokedAt: at })
        .where(and(eq(entitlementsGrant.source, source), isNull(entitlementsGrant.revokedAt)))
        .returning({ id: entitlementsGrant.id });
      return rows.length;
    },

    /** the grants in force of these members on these items (one member's, or one item's) */
    inForce(
      userIds: number | number[],
      itemType: GrantRow['itemType'],
      itemIds: number | number[],
      now: Date,
    ): Promise<GrantRow[]> {
      const users = typeof userIds === 'number' ? [userIds] : userIds;
      const items = typeof itemIds === 'number' ? [itemIds] : itemIds;
      if (users.length === 0 || items.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(entitlementsGrant)
        .where(
          and(
            inArray(entitlementsGrant.userId, users),
            eq(entitlementsGrant.itemType, itemType),
            inArray(entitlementsGrant.itemId, items),
            inForce(now),
          ),
        );
    },

    /** the member's grants in force, newest first, optionally of some reasons only */
    async library(
      userId: number,
      filter: { itemType?: GrantRow['itemType']; reasons?: GrantRow['reason'][] },
      now: Date,
      page: number,
      perPage: number,
    ): Promise<{ rows: GrantRow[]; total: number }> {
      const where = and(
        eq(entitlementsGrant.userId, userId),
        filter.itemType ? eq(entitlementsGrant.itemType, filter.itemType) : undefined,
        filter.reasons ? inArray(entitlementsGrant.reason, filter.reasons) : undefined,
        inForce(now),
      );
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(entitlementsGrant)
          .where(where)
          .orderBy(desc(entitlementsGrant.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(entitlementsGrant)
          .where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    /** rental grants (not revoked) ending after `from` and at or before `to` */
    rentalsEndingAfter(after: { at: Date; id: number }, to: Date, limit: number): Promise<GrantRow[]> {
      return db
        .select()
        .from(entitlementsGrant)
        .where(
          and(
            eq(entitlementsGrant.reason, 'rental'),
            isNull(entitlementsGrant.revokedAt),
            or(
              gt(entitlementsGrant.endsAt, after.at),
              and(eq(entitlementsGrant.endsAt, after.at), gt(entitlementsGrant.id, after.id)),
            ),
            lte(entitlementsGrant.endsAt, to),
          ),
        )
        .orderBy(entitlementsGrant.endsAt, entitlementsGrant.id)
        .limit(limit);
    },

    /** inserts a cause's pass; one it gave already is kept as it is */
    async grantPass(pass: NewPass): Promise<boolean> {
      const rows = await db
        .insert(entitlementsPass)
        .values(pass)
        .onConflictDoNothing()
        .returning({ id: entitlementsPass.id });
      return rows.length > 0;
    },

    /** ends a cause's pass at `at` (an upgrade ends the old period's pass now) */
    async endPass(userId: number, source: string, at: Date): Promise<number> {
      const rows = await db
        .update(entitlementsPass)
        .set({ endsAt: at })
        .where(
          and(
            eq(entitlementsPass.userId, userId),
            eq(entitlementsPass.source, source),
            isNull(entitlementsPass.revokedAt),
            gt(entitlementsPass.endsAt, at),
          ),
        )
        .returning({ id: entitlementsPass.id });
      return rows.length;
    },

    /** revokes every pass whose source starts with `prefix` (a refunded subscription) */
    async revokePasses(userId: number, sourcePrefix: string, at: Date): Promise<number> {
      const rows = await db
        .update(entitlementsPass)
        .set({ revokedAt: at })
        .where(
          and(
            eq(entitlementsPass.userId, userId),
            sql`starts_with(${entitlementsPass.source}, ${sourcePrefix})`,
            isNull(entitlementsPass.revokedAt),
          ),
        )
        .returning({ id: entitlementsPass.id });
      return rows.length;
    },

    /** the passes of these members not ended at `now` (those starting later included) */
    passesAhead(userIds: number | number[], now: Date): Promise<PassRow[]> {
      const users = typeof userIds === 'number' ? [userIds] : userIds;
      if (users.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(entitlementsPass)
        .where(
          and(
            inArray(entitlementsPass.userId, users),
            isNull(entitlementsPass.revokedAt),
            gt(entitlementsPass.endsAt, now),
          ),
        );
    },
  };
}
