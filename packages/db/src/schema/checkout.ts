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
