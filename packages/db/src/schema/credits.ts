import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Credits domain: an append-only ledger of every change to a member's credits (a pack bought,
 * a bonus, an unlock, a refund; later a subscription's grant and expiry), and the balance it
 * sums to, kept beside it in the same transaction so a spend can lock one row. A trigger
 * (migration 0016) refuses updates and deletes of the ledger; the balance can never go below
 * zero (a check), and each entry's key is unique, so a replayed cause changes nothing.
 */

export const CREDIT_ENTRY_KINDS = [
  'pack_purchase',
  'bonus',
  'unlock',
  'refund',
  'subscription_grant',
  'expiry',
  'adjustment',
] as const;

export const creditsLedger = pgTable(
  'credits_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    /** credits added (positive) or taken (negative) */
    delta: integer('delta').notNull(),
    kind: text('kind', { enum: CREDIT_ENTRY_KINDS }).notNull(),
    /** what the entry is for, as a member reads it (an invoice's number, a title) */
    description: text('description').notNull(),
    /** the cause, once: e.g. `invoice:<public id>:pack`; a second entry with it is refused */
    entryKey: text('entry_key').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credits_ledger_entry_key_uq').on(t.entryKey),
    index('credits_ledger_user_idx').on(t.userId, t.id),
    check('credits_ledger_ck', sql`${t.delta} <> 0 and ${t.balanceAfter} >= 0`),
  ],
);

export const creditsBalance = pgTable(
  'credits_balance',
  {
    userId: integer('user_id').primaryKey(),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('credits_balance_ck', sql`${t.balance} >= 0`)],
);
