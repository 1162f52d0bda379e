import type { ModuleDb } from '@nomsan/db/client';
import { desc, eq, sql } from '@nomsan/db/orm';
import type * as schema from '@nomsan/db/schema/credits';
import { creditsBalance, creditsLedger } from '@nomsan/db/schema/credits';

/** The database as this module sees it: its own tables only. */
export type CreditsDb = ModuleDb<typeof schema>;

export type LedgerRow = typeof creditsLedger.$inferSelect;
export type EntryKind = LedgerRow['kind'];

/** Credits queries. Only this file touches the credits tables. */
export function creditsRepository(db: CreditsDb) {
  return {
    async balance(userId: number): Promise<number> {
      const [row] = await db
        .select({ balance: creditsBalance.balance })
        .from(creditsBalance)
        .where(eq(creditsBalance.userId, userId));
      return row?.balance ?? 0;
    },

    /**
     * The member's balance row, made if missing and locked until the caller's transaction
     * ends: every change to one member's credits goes through this lock, one at a time.
     */
    async lockBalance(userId: number): Promise<number> {
      await db.insert(creditsBalance).values({ userId, balance: 0 }).onConflictDoNothing();
      const [row] = await db
        .select({ balance: creditsBalance.balance })
        .from(creditsBalance)
        .where(eq(creditsBalance.userId, userId))
        .for('update');
      return row!.balance;
    },

    async entryByKey(entryKey: string): Promise<LedgerRow | undefined> {
      const [row] = await db.select().from(creditsLedger).where(eq(creditsLedger.entryKey, entryKey));
      return row;
    },

    /** appends an entry and moves the balance to what it says (the balance row is locked) */
    async append(entry: {
      userId: number;
      delta: number;
      kind: EntryKind;
      description: string;
      entryKey: string;
      balanceAfter: number;
    }): Promise<LedgerRow> {
      await db
        .update(creditsBalance)
        .set({ balance: entry.balanceAfter, updatedAt: sql`now()` })
        .where(eq(creditsBalance.userId, entry.userId));
      const [row] = await db.insert(creditsLedger).values(entry).returning();
      return row!;
    },

    async entryCount(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(creditsLedger)
        .where(eq(creditsLedger.userId, userId));
      return Number(row?.n ?? 0);
    },

    /** the member's entries, newest first */
    entriesPage(userId: number, perPage: number, page: number): Promise<LedgerRow[]> {
      return db
        .select()
        .from(creditsLedger)
        .where(eq(creditsLedger.userId, userId))
        .orderBy(desc(creditsLedger.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
    },

    /** what the ledger sums to, for checking it against the balance */
    async ledgerSum(userId: number): Promise<number> {
      const [row] = await db
        .select({ sum: sql<number>`coalesce(sum(${creditsLedger.delta}), 0)::int` })
        .from(creditsLedger)
        .where(eq(creditsLedger.userId, userId));
      return Number(row?.sum ?? 0);
    },
  };
}
