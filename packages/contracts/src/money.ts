import { z } from 'zod';
import { bookCard } from './catalog';
import { envelope, paginated, queryInt } from './http';
import { mn } from './messages';

/**
 * Money read models and requests (issue: checkout and money): invoices, payments, credits,
 * saved cards and what a member owns. Every id a member sees is opaque; amounts are integer
 * tögrög (`*_mnt`) or credits.
 */

export const rails = ['qpay', 'golomt', 'socialpay', 'hipay', 'upoint', 'unitel', 'credits'] as const;
export type RailName = (typeof rails)[number];
export const invoiceStatuses = ['pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded'] as const;
export const paymentStatuses = invoiceStatuses;

/** an opaque id as the API hands them out (invoices, payments, cards) */
export const publicId = z.string().regex(/^[A-Za-z0-9]{20}$/, { error: mn.errors.NOT_FOUND });
export const publicIdParams = z.object({ id: publicId });

/** An Idempotency-Key: what a client makes once per purchase it means to make. */
export const idempotencyKey = z
  .string({ error: mn.money.idempotencyKeyRequired })
  .regex(/^[A-Za-z0-9_-]{8,128}$/, { error: mn.money.idempotencyKeyInvalid });
export const idempotencyHeaders = z.looseObject({ 'idempotency-key': idempotencyKey });

export const bankDeeplink = z.object({ name: z.string(), description: z.string(), logo: z.string(), link: z.string() });
export const nextAction = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('qr'),
    qr_text: z.string(),
    qr_image: z.string(),
    short_url: z.string().nullable(),
    deeplinks: z.array(bankDeeplink),
  }),
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({ kind: z.literal('done') }),
]);
export type NextAction = z.infer<typeof nextAction>;

export const invoiceLine = z.object({
  item_type: z.enum(['book', 'summary', 'bundle', 'credit_pack', 'card_check', 'subscription', 'rental', 'gift']),
  item_id: z.number().int(),
  format: z.string().nullable(),
  title: z.string(),
  amount_mnt: z.number().int(),
  amount_credits: z.number().int(),
});

export const payment = z.object({
  id: z.string(),
  invoice_id: z.string(),
  rail: z.enum(rails),
  status: z.enum(paymentStatuses),
  amount_mnt: z.number().int(),
  /** what the payer does next while the payment is pending */
  next_action: nextAction.nullable(),
  /** why it failed, in Mongolian */
  failure: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type Payment = z.infer<typeof payment>;

export const invoice = z.object({
  id: z.string(),
  status: z.enum(invoiceStatuses),
  amount_mnt: z.number().int(),
  amount_credits: z.number().int(),
  description: z.string(),
  lines: z.array(invoiceLine),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoice>;

/** The e-barimt VAT receipt of a paid invoice: its lottery number and QR, as the buyer keeps them. */
export const receipt = z.object({
  bill_id: z.string(),
  lottery: z.string().nullable(),
  qr_data: z.string(),
  /** the QR of `qr_data`, as a PNG data URL */
  qr_image: z.string(),
  issued_at: z.string(),
});
export const invoiceWithPayments = invoice.extend({ payments: z.array(payment), receipt: receipt.nullable() });
export const invoiceResponse = envelope(invoiceWithPayments);
export const paymentResponse = envelope(payment);
export const invoicesResponse = paginated(invoice);

export const pageQuery = z.object({
  page: queryInt(1, 100_000).default(1),
  'page[size]': queryInt(1, 100).default(20),
});

const payableRails = ['qpay', 'golomt', 'socialpay', 'hipay', 'upoint'] as const;

/**
 * How a member chooses to pay, with what else a request names (`extra`): tögrög on a rail (a
 * saved card optionally), or credits.
 */
const payWithAnd = <S extends z.ZodRawShape>(extra: S) =>
  z.discriminatedUnion('method', [
    z.strictObject({
      ...extra,
      method: z.literal('mnt'),
      rail: z.enum(payableRails),
      /** a saved card (its id), paid in one tap */
      card_id: publicId.optional(),
      /** keep the card entered on the hosted page for next time */
      save_card: z.boolean().optional(),
    }),
    z.strictObject({ ...extra, method: z.literal('credits') }),
  ]);

export const purchaseRequest = payWithAnd({});
export type PurchaseRequest = z.infer<typeof purchaseRequest>;
export const bookPurchaseRequest = payWithAnd({ format: z.enum(['audiobook', 'ebook']) });
export type BookPurchaseRequest = z.infer<typeof bookPurchaseRequest>;
/** a rental of a book in a format, for the offer's days (`POST /v5/books/{id}/rent`) */
export const rentRequest = bookPurchaseRequest;
export type RentRequest = BookPurchaseRequest;
/** the same, naming the book in the body (`POST /v6/purchase/rental`) */
export const rentalPurchaseRequest = payWithAnd({
  book_id: z.number().int().min(1).max(2_147_483_647),
  format: z.enum(['audiobook', 'ebook']),
});
export type RentalPurchaseRequest = z.infer<typeof rentalPurchaseRequest>;

/** what one credit rents: any rentable title that credits also unlock, for the offer's days */
export const RENTAL_CREDIT_PRICE = 1;

/** `filter[group_id]`: 1 audio books, 4 e-books (the spec's rentable groups) */
export const rentablesQuery = z.object({
  'filter[group_id]': z.enum(['1', '4']).optional(),
  page: queryInt(1, 100_000).default(1),
  'page[size]': queryInt(1, 100).default(20),
});
export const creditPackPurchaseRequest = z.strictObject({
  pack_id: z.number().int().min(1).max(2_147_483_647),
  method: z.literal('mnt'),
  rail: z.enum(payableRails),
  card_id: publicId.optional(),
  save_card: z.boolean().optional(),
});
export type CreditPackPurchaseRequest = z.infer<typeof creditPackPurchaseRequest>;

export const purchaseResult = z.object({
  invoice: invoice,
  payment: payment.nullable(),
});
export type PurchaseResult = z.infer<typeof purchaseResult>;
export const purchaseResponse = envelope(purchaseResult);

export const payInvoiceRequest = z.strictObject({
  invoice_id: publicId,
  rail: z.enum(payableRails),
  card_id: publicId.optional(),
  save_card: z.boolean().optional(),
});
export type PayInvoiceRequest = z.infer<typeof payInvoiceRequest>;

export const creditPack = z.object({
  id: z.number().int(),
  name: z.string(),
  credits: z.number().int(),
  bonus_credits: z.number().int(),
  price_mnt: z.number().int(),
});
export const creditPacksResponse = envelope(z.array(creditPack));

export const creditRentablesResponse = paginated(bookCard);

export const creditSummary = z.object({ balance: z.number().int() });
export const creditSummaryResponse = envelope(creditSummary);

export const creditTransaction = z.object({
  id: z.number().int(),
  kind: z.string(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  description: z.string(),
  created_at: z.string(),
});
export const creditTransactionsResponse = paginated(creditTransaction);

/** A title the member holds, in which formats and why. */
export const ownedItem = z.object({
  item_type: z.enum(['book', 'summary']),
  item_id: z.number().int(),
  format: z.enum(['audiobook', 'ebook', 'summary']),
  reason: z.string(),
  until: z.string().nullable(),
  granted_at: z.string(),
});
export const ownedItemsResponse = paginated(ownedItem);

export const holdingQuery = z.object({
  item_type: z.enum(['book', 'summary', 'bundle']),
  item_id: queryInt(1, 2_147_483_647),
});

/**
 * What the member holds of one title (for a bundle: of each of its titles), for the page's
 * buttons: a personal, no-store call, never part of a cached page.
 */
export const holding = z.object({
  item_type: z.enum(['book', 'summary']),
  item_id: z.number().int(),
  format: z.enum(['audiobook', 'ebook', 'summary']),
  reason: z.string(),
  until: z.string().nullable(),
});
export type Holding = z.infer<typeof holding>;
export const holdingResponse = envelope(z.array(holding));

export const savedCard = z.object({
  id: z.string(),
  rail: z.enum(rails),
  masked_number: z.string(),
  brand: z.string(),
  expiry: z.string(),
  created_at: z.string(),
});
export const savedCardsResponse = envelope(z.array(savedCard));

export const callbackParams = z.object({
  rail: z.enum(payableRails),
  id: publicId,
});
export const callbackQuery = z.looseObject({ secret: z.string().max(64).default('') });

/** what Golomt pushes: its fields are checked against the checksum by the adapter */
export const golomtNotificationBody = z.looseObject({
  transactionId: z.string().max(64),
  checksum: z.string().max(128),
});

/** A U-Point member (their phone or card number) confirming an attempt with their PIN. */
const upointConfirmation = {
  /** the attempt's reference, from the page's address */
  reference: z.string().regex(/^[A-Za-z0-9]{15}$/, { error: mn.errors.NOT_FOUND }),
  pin: z.string().regex(/^\d{4,6}$/, { error: mn.money.pinInvalid }),
};
export const upointRequest = z.union(
  [
    z.strictObject({
      ...upointConfirmation,
      mobile: z.string().regex(/^[6-9]\d{7}$/, { error: mn.auth.phoneInvalid }),
    }),
    z.strictObject({
      ...upointConfirmation,
      card_number: z.string().regex(/^\d{6,20}$/, { error: mn.money.memberRequired }),
    }),
  ],
  { error: mn.money.memberRequired },
);
export type UpointRequest = z.infer<typeof upointRequest>;
export const upointBalanceResponse = envelope(
  z.object({
    masked_card_number: z.string(),
    points: z.number().int(),
    value_mnt: z.number().int(),
    amount_mnt: z.number().int(),
    enough: z.boolean(),
  }),
);

/** a staff call's bearer token (until the back office has staff accounts) */
export const REFUND_STEPS = ['requested', 'rail_refunded', 'receipt_returned', 'done'] as const;
export const REFUND_STATUSES = [...REFUND_STEPS, 'failed'] as const;

/** A refund of one capture and its steps (the rail, the receipt, the reversal), for staff. */
export const refundView = z.object({
  id: z.string(),
  invoice_id: z.string(),
  payment_id: z.string(),
  rail: z.string(),
  amount_mnt: z.number().int(),
  reason: z.enum(['staff', 'duplicate_capture', 'undeliverable', 'card_check']),
  reason_text: z.string(),
  status: z.enum(REFUND_STATUSES),
  status_text: z.string(),
  /** each step and when it was done (null: not yet) */
  steps: z.array(z.object({ step: z.enum(REFUND_STEPS), label: z.string(), done_at: z.string().nullable() })),
  /** the step whose last try failed, and why */
  failed_step: z.string().nullable(),
  last_error: z.string().nullable(),
  attempts: z.number().int(),
  requested_by: z.string(),
  created_at: z.string(),
});
export type RefundView = z.infer<typeof refundView>;
export const refundResponse = envelope(refundView);
export const refundsResponse = envelope(z.array(refundView));
export const refundsQuery = z.strictObject({
  status: z.enum(REFUND_STATUSES).optional(),
  /** an invoice's public id: its refunds only */
  invoice: z.string().min(1).max(40).optional(),
});
