import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Entitlements domain: who may listen to or read what, and why. One row per item, format and
 * cause (an invoice, a rental, a subscription period, a gift): `canAccess` reads nothing else.
 * A grant is revoked (a refund), never deleted, so the history stays.
 */

export const GRANT_REASONS = [
  'purchase',
  'bundle',
  'credit_unlock',
  'rental',
  'subscription',
  'gift',
  'promo',
] as const;

export const entitlementsGrant = pgTable(
  'entitlements_grant',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    itemType: text('item_type', { enum: ['book', 'summary'] }).notNull(),
    itemId: integer('item_id').notNull(),
    format: text('format', { enum: ['audiobook', 'ebook', 'summary'] }).notNull(),
    reason: text('reason', { enum: GRANT_REASONS }).notNull(),
    /** the cause, e.g. `invoice:<public id>`: one grant per item and format from it */
    source: text('source').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    /** null: for good */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('entitlements_grant_source_uq').on(t.userId, t.itemType, t.itemId, t.format, t.source),
    index('entitlements_grant_user_idx').on(t.userId, t.itemType, t.itemId),
    index('entitlements_grant_source_idx').on(t.source),
  ],
);
