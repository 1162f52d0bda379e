import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Notifications domain: what the store tells a member (a renewal, a rental ending, a gift, a
 * receipt), listed in their notifications centre. A row is never removed by the member, only
 * marked deleted, so a cause told once (`dedupe_key`) is not told again after a removal.
 */
export const notificationsItem = pgTable(
  'notifications_item',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    /** what happened ('receipt', 'rental_ending' ...): free text, each caller names its own */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** a path inside the store to open */
    link: text('link'),
    /** the cause, once per member */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_item_dedupe_uq')
      .on(t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    index('notifications_item_user_idx').on(t.userId, t.id.desc()),
  ],
);
