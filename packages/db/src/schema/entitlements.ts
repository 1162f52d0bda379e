import { sql } from 'drizzle-orm';
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
    // a member holds a title in a format for good at most once: what sells it again fails here
    uniqueIndex('entitlements_grant_held_uq')
      .on(t.userId, t.itemType, t.itemId, t.format)
      .where(sql`${t.revokedAt} is null and ${t.endsAt} is null`),
    index('entitlements_grant_user_idx').on(t.userId, t.itemType, t.itemId),
    index('entitlements_grant_source_idx').on(t.source),
    // rentals ending or just ended, for the warnings and notices of the rentals job
    index('entitlements_grant_rental_end_idx')
      .on(t.endsAt)
      .where(sql`${t.reason} = 'rental'`),
  ],
);

export const PASS_SCOPES = ['audio', 'ebook', 'summary'] as const;

/**
 * A pass: access to every title whose offer lists the pass's scope (a subscription period,
 * its grace, subscription days from a code), from a time to a time. One row per cause; like a
 * grant, revoked and never deleted.
 */
export const entitlementsPass = pgTable(
  'entitlements_pass',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    scope: text('scope', { enum: PASS_SCOPES }).notNull(),
    /** the cause, e.g. `subscription:<public id>:3`: one pass from it */
    source: text('source').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('entitlements_pass_source_uq').on(t.userId, t.source),
    index('entitlements_pass_user_idx').on(t.userId, t.endsAt),
  ],
);
