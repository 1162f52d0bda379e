import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Checkout domain: the purchase requests members made, by their Idempotency-Key, with the
 * answer each got, so a request sent again (a retry, a double tap, two tabs) gets the same
 * answer and makes no second invoice.
 */
export const checkoutRequest = pgTable(
  'checkout_request',
  {
    userId: integer('user_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** a hash of what was asked: the same key with another request is refused (422) */
    requestHash: text('request_hash').notNull(),
    /** the invoice's internal id, once made */
    invoiceId: bigint('invoice_id', { mode: 'number' }),
    /** the answer the first request got; null while it is being made */
    response: jsonb('response'),
    /** a request still being made holds its key until then; a process that died lets it go */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.idempotencyKey] }),
    // keys are kept a day (Stripe's window), then pruned
    index('checkout_request_created_idx').on(t.createdAt),
  ],
);

/**
 * How far a job of this module has told members, by name: the rentals' job tells of every
 * rental that ended after its mark (ends at, then grant id) and moves the mark on, so a notice
 * is never lost to a worker that was down or a clock that jumped ahead, however far.
 */
export const checkoutMark = pgTable('checkout_mark', {
  name: text('name').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  /** the last item told at `at` (several rentals may end in the same instant) */
  itemId: bigint('item_id', { mode: 'number' }).notNull().default(0),
});
