import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Billing domain: subscription plans as data, and every sale as an invoice with lines, paid by
 * payment attempts on a rail, with saved cards (gateway tokens) and receipts. Members see only
 * opaque public ids; amounts are integer tögrög (or credits, for an invoice paid with credits).
 */

export const billingPlan = pgTable(
  'billing_plan',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    scope: text('scope', { enum: ['audio', 'ebook', 'summary', 'credit'] }).notNull(),
    periodMonths: smallint('period_months').notNull(),
    priceMnt: integer('price_mnt').notNull(),
    originalPriceMnt: integer('original_price_mnt'),
    creditsPerPeriod: integer('credits_per_period').notNull().default(0),
    position: smallint('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('billing_plan_code_uq').on(t.code),
    check('billing_plan_ck', sql`${t.periodMonths} > 0 and ${t.priceMnt} > 0`),
  ],
);

export const INVOICE_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded'] as const;
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded'] as const;
export const RAIL_NAMES = ['qpay', 'golomt', 'socialpay', 'hipay', 'upoint', 'unitel', 'credits'] as const;

export const billingInvoice = pgTable(
  'billing_invoice',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** what URLs and answers show: random, so ids cannot be walked */
    publicId: text('public_id').notNull(),
    userId: integer('user_id').notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('pending'),
    /** what is owed in tögrög; 0 when the invoice is paid in credits */
    amountMnt: integer('amount_mnt').notNull(),
    /** what is owed in credits; 0 when the invoice is paid in tögrög */
    amountCredits: integer('amount_credits').notNull().default(0),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** a pending invoice not paid by then expires (a job) */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_invoice_public_uq').on(t.publicId),
    index('billing_invoice_user_idx').on(t.userId, t.id),
    index('billing_invoice_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    check(
      'billing_invoice_amount_ck',
      sql`${t.amountMnt} >= 0 and ${t.amountCredits} >= 0 and (${t.amountMnt} = 0 or ${t.amountCredits} = 0)`,
    ),
  ],
);

/** What an invoice sells: a title in a format, a bundle, a credit pack. */
export const billingInvoiceLine = pgTable(
  'billing_invoice_line',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => billingInvoice.id, { onDelete: 'cascade' }),
    /** `card_check`: the small charge that saves a card (refunded once paid) */
    itemType: text('item_type', {
      enum: ['book', 'summary', 'bundle', 'credit_pack', 'card_check', 'subscription', 'rental', 'gift'],
    }).notNull(),
    itemId: integer('item_id').notNull(),
    /** the format bought (audiobook, ebook, summary, bundle); null for a credit pack */
    format: text('format'),
    title: text('title').notNull(),
    amountMnt: integer('amount_mnt').notNull(),
    amountCredits: integer('amount_credits').notNull().default(0),
    /** what fulfilling the line gives, as the seller decided when the invoice was made */
    fulfilment: jsonb('fulfilment').notNull(),
  },
  (t) => [index('billing_invoice_line_invoice_idx').on(t.invoiceId)],
);

/** One attempt at paying an invoice on one rail. */
export const billingPayment = pgTable(
  'billing_payment',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    publicId: text('public_id').notNull(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => billingInvoice.id),
    userId: integer('user_id').notNull(),
    rail: text('rail', { enum: RAIL_NAMES }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    amountMnt: integer('amount_mnt').notNull(),
    /** our reference at the provider (15 characters at most: Golomt's limit) */
    reference: text('reference').notNull(),
    /** the provider's id of the attempt (QPay invoice_id, Golomt invoice) */
    providerPaymentId: text('provider_payment_id'),
    /** the provider's id of the capture: unique per rail, so a replayed callback finds it taken */
    providerTransactionId: text('provider_transaction_id'),
    /** what the payer does next (QR, redirect), as the provider answered */
    action: jsonb('action'),
    /** the secret the provider's callback carries back (QPay's callback URL) */
    callbackSecret: text('callback_secret').notNull(),
    /** the caller's Idempotency-Key: a second request with it answers this attempt */
    idempotencyKey: text('idempotency_key'),
    failureCode: text('failure_code'),
    paidAmountMnt: integer('paid_amount_mnt'),
    saveCard: boolean('save_card').notNull().default(false),
    /** the saved card this attempt charges in one tap (billing_saved_card.id) */
    cardId: bigint('card_id', { mode: 'number' }),
    /** how many times the rail could not tell what became of it (a lost attempt is given up on) */
    checkFailures: smallint('check_failures').notNull().default(0),
    /** asked about again no sooner than this after the rail could not tell (backoff) */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_payment_public_uq').on(t.publicId),
    uniqueIndex('billing_payment_reference_uq').on(t.reference),
    uniqueIndex('billing_payment_capture_uq').on(t.rail, t.providerTransactionId),
    uniqueIndex('billing_payment_idempotency_uq').on(t.userId, t.idempotencyKey),
    index('billing_payment_invoice_idx').on(t.invoiceId),
    index('billing_payment_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('billing_payment_amount_ck', sql`${t.amountMnt} >= 0`),
  ],
);

/** A card a gateway saved for a member: its token and how to show it, never the number. */
export const billingSavedCard = pgTable(
  'billing_saved_card',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    publicId: text('public_id').notNull(),
    userId: integer('user_id').notNull(),
    rail: text('rail', { enum: RAIL_NAMES }).notNull(),
    token: text('token').notNull(),
    maskedNumber: text('masked_number').notNull(),
    brand: text('brand').notNull(),
    expiry: text('expiry').notNull().default(''),
    /**
     * the card as the rail shows it (rail, masked number, expiry): a member keeps one row per
     * card, and saving the same card again updates its token
     */
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** when it was last saved or paid with: the sheets offer the most recent first */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('billing_saved_card_public_uq').on(t.publicId),
    uniqueIndex('billing_saved_card_token_uq').on(t.rail, t.token),
    uniqueIndex('billing_saved_card_fingerprint_uq')
      .on(t.userId, t.fingerprint)
      .where(sql`${t.removedAt} is null`),
    index('billing_saved_card_user_idx').on(t.userId),
  ],
);

/**
 * The e-barimt VAT receipt of a paid invoice (PosAPI's answer), one per invoice: its bill id and
 * date (what a return names), and the lottery number and QR data the buyer is shown.
 */
export const billingReceipt = pgTable('billing_receipt', {
  invoiceId: bigint('invoice_id', { mode: 'number' })
    .primaryKey()
    .references(() => billingInvoice.id),
  billId: text('bill_id').notNull(),
  lottery: text('lottery'),
  qrData: text('qr_data').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  voidedAt: timestamp('voided_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member's subscription to a plan (docs/subscriptions.md has the status machine): paid a
 * period at a time, each period an invoice; renewed by a job ahead of the period's end on the
 * saved card or the carrier it was taken with, or not at all (QPay: one period at a time).
 */
export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'cancelled', 'past_due', 'expired'] as const;
export const RENEWAL_METHODS = ['card', 'carrier', 'none'] as const;

export const billingSubscription = pgTable(
  'billing_subscription',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    publicId: text('public_id').notNull(),
    userId: integer('user_id').notNull(),
    planId: integer('plan_id')
      .notNull()
      .references(() => billingPlan.id),
    /** the plan's scope (a plan change stays in it): one live or pending subscription per scope */
    scope: text('scope', { enum: ['audio', 'ebook', 'summary', 'credit'] }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('pending'),
    /** the rail its periods are paid on */
    rail: text('rail', { enum: RAIL_NAMES }).notNull(),
    renewal: text('renewal', { enum: RENEWAL_METHODS }).notNull(),
    /** the saved card a `card` renewal charges (billing_saved_card.id) */
    cardId: bigint('card_id', { mode: 'number' }),
    /** the phone number a `carrier` renewal bills */
    phone: text('phone'),
    /** the plan the next period is paid for (a downgrade waits for the period's end) */
    nextPlanId: integer('next_plan_id'),
    /** the number of the period paid last (1 for the first) */
    period: integer('period').notNull().default(0),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** a failed renewal keeps access until then, while it is retried */
    graceEndsAt: timestamp('grace_ends_at', { withTimezone: true }),
    /** when the renewal job next tries to charge; null: it does not */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    /** the discount (percent) every period of it is charged with, from the offer it was taken on */
    discountPercent: smallint('discount_percent').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_subscription_public_uq').on(t.publicId),
    index('billing_subscription_user_idx').on(t.userId),
    uniqueIndex('billing_subscription_scope_uq')
      .on(t.userId, t.scope)
      .where(sql`${t.status} in ('pending', 'active', 'cancelled', 'past_due')`),
    index('billing_subscription_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
    check('billing_subscription_discount_ck', sql`${t.discountPercent} between 0 and 100`),
  ],
);

/**
 * One invoice per period of a subscription, and never two: the row is written (unique on the
 * subscription and the period's number) before the period is charged, so two workers renewing
 * at once charge once.
 */
export const billingSubscriptionPeriod = pgTable(
  'billing_subscription_period',
  {
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => billingSubscription.id),
    period: integer('period').notNull(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => billingInvoice.id),
    planId: integer('plan_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.period] }),
    uniqueIndex('billing_subscription_period_invoice_uq').on(t.invoiceId),
  ],
);

/**
 * A discount on a plan for a time (the spec's sales offer): taken with automatic renewal (every
 * period at the discount) or for one period; its page is the weblink the banner opens.
 */
export const billingSalesOffer = pgTable(
  'billing_sales_offer',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    planId: integer('plan_id')
      .notNull()
      .references(() => billingPlan.id),
    kind: text('kind', { enum: ['auto_renew', 'one_time'] }).notNull(),
    discountPercent: smallint('discount_percent').notNull(),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [check('billing_sales_offer_ck', sql`${t.discountPercent} between 1 and 90`)],
);

export const REFUND_REASONS = ['staff', 'duplicate_capture', 'undeliverable', 'card_check'] as const;
export const REFUND_STATUSES = ['requested', 'rail_refunded', 'receipt_returned', 'done', 'failed'] as const;

/**
 * A refund of one capture, moved through its steps by a job (docs/payments.md): the rail gives
 * the money back, then the e-barimt receipt is returned, then what the sale gave is taken back.
 * Each step is recorded when done, so a retry starts where the last try stopped; one refund per
 * capture.
 */
export const billingRefund = pgTable(
  'billing_refund',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    publicId: text('public_id').notNull(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => billingInvoice.id),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => billingPayment.id),
    userId: integer('user_id').notNull(),
    amountMnt: integer('amount_mnt').notNull(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    /** the sale was fulfilled and is undone: its grants, credits and receipt are taken back */
    reverse: boolean('reverse').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('requested'),
    /** the step that failed last, while it is retried or once it is given up on */
    failedStep: text('failed_step'),
    lastError: text('last_error'),
    attempts: smallint('attempts').notNull().default(0),
    /** who asked: `staff`, or `system` for a capture the store could not keep */
    requestedBy: text('requested_by').notNull(),
    railRefundId: text('rail_refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    railRefundedAt: timestamp('rail_refunded_at', { withTimezone: true }),
    receiptReturnedAt: timestamp('receipt_returned_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_refund_public_uq').on(t.publicId),
    uniqueIndex('billing_refund_payment_uq').on(t.paymentId),
    index('billing_refund_status_idx').on(t.status, t.id),
    index('billing_refund_user_idx').on(t.userId),
    check('billing_refund_amount_ck', sql`${t.amountMnt} >= 0`),
  ],
);
