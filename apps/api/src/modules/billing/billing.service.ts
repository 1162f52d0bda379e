import { timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { mn } from '@nomsan/contracts/messages';
import { AppError, notFound } from '../../errors';
import { MINUTE_MS } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Kernel } from '../../kernel/module';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import type { CreditsService } from '../credits/credits.service';
import type { SubscriptionsService } from './subscriptions.service';
import { GatewayError, type Gateway, type PaymentCheck, type Rail } from './gateway';
import { z } from 'zod';
import { defineJob, NoRetry } from '../jobs/jobs.service';
import { RECEIPT_PAYMENT_CODE, ReceiptServiceError, type PosApiReceipts } from './receipts/posapi';
import { GolomtPaymentDeclined, verifyGolomtNotification } from './rails/golomt';
import { isUpointGateway, type UpointMember, type UpointRefusal } from './rails/upoint';
import { randomId } from './ids';
import { refundsService, type RefundReason } from './refunds.service';
import type { NotificationsService } from '../notifications/notifications.service';
import {
  billingRepository,
  type InvoiceLineRow,
  type InvoiceRow,
  type PaymentRow,
  type RefundRow,
  type SavedCardRow,
} from './billing.repository';

/** what a payment fails with when its rail could not start it (unreachable, an error answer), not a decline */
export const RAIL_ERROR = 'error';

export type { InvoiceLineRow, InvoiceRow, PaymentRow, SavedCardRow };
export { invoiceView, paymentView } from './billing.views';
export { unitelConsentsOf } from './unitel.service';

/** How billing reaches the rails in this process (set by the host: sandbox or real providers). */
export interface BillingSettings {
  gateways: Partial<Record<Exclude<Rail, 'credits'>, Gateway>>;
  /** how long a pending invoice waits to be paid */
  invoiceTtlMs?: number;
  /** the HMAC key Golomt signs its push notifications with (when Golomt is configured) */
  golomtSecret?: string;
  /** the e-barimt receipt service (PosAPI); none: paid invoices get no receipt */
  receipts?: PosApiReceipts;
}

/** what saving a card charges (and gives back at once): the smallest amount the card rail takes */
export const CARD_CHECK_MNT = 100;

/** Files the e-barimt receipt of a paid invoice, retried with backoff while PosAPI is down. */
export const issueReceiptJob = defineJob('billing.issue-receipt', z.object({ invoiceId: z.number().int() }).strict(), {
  maxAttempts: 12,
  transactional: true,
});

declare module '../../kernel/module' {
  interface ModuleSettings {
    billing: BillingSettings;
  }
}

/** An invoice that has just been paid (or refunded), with what it sold and the payment. */
export interface SettledInvoice {
  invoice: InvoiceRow;
  lines: InvoiceLineRow[];
  payment: PaymentRow;
  /** the card this payment saved, when the payer asked to keep it */
  savedCard?: SavedCardRow;
}

/** Runs in the transaction that settles the invoice: fulfilment commits with the payment or not at all. */
export type InvoiceListener = (ctx: Ctx, settled: SettledInvoice) => Promise<void>;

export type LineType = InvoiceLineRow['itemType'];
/** every kind of invoice line: each has exactly one handler (billing checks at start) */
export const LINE_TYPES: readonly LineType[] = [
  'book',
  'summary',
  'bundle',
  'credit_pack',
  'card_check',
  'subscription',
  'rental',
  'gift',
] satisfies readonly LineType[];

/**
 * What the module that sells a kind of line does with it. Each gets only its own lines of an
 * invoice, in the transaction that settles (or refunds) it, under the member's purchase lock.
 */
export interface LineHandler {
  /**
   * Why these lines can no longer be given to the invoice's member (a Mongolian message: a
   * title held since, a period replaced), or null. Asked before a rail is called and again when
   * a payment lands: a payment for what cannot be given is refunded, never kept.
   */
  undeliverable(ctx: Ctx, invoice: InvoiceRow, lines: InvoiceLineRow[]): Promise<string | null>;
  /** gives what the lines sell */
  paid: InvoiceListener;
  /** takes back what they gave (the last step of a refund) */
  refunded: InvoiceListener;
  /** why what these lines gave cannot be taken back (a pack's credits already spent), or null */
  unrefundable?(ctx: Ctx, invoice: InvoiceRow, lines: InvoiceLineRow[]): Promise<string | null>;
}

export interface NewInvoiceLine {
  itemType: InvoiceLineRow['itemType'];
  itemId: number;
  format: string | null;
  title: string;
  amountMnt: number;
  amountCredits: number;
  /** what the seller gives once paid; billing keeps it and hands it to the listeners */
  fulfilment: unknown;
}

const DEFAULT_INVOICE_TTL_MS = 30 * MINUTE_MS;
/** rails that find a payment by our reference alone (Golomt's inquiry takes our transactionId) */
const RAILS_FOUND_BY_REFERENCE = new Set<Rail>(['golomt', 'socialpay']);
/** an attempt whose start the rail never answered is asked about by reference after this */
const UNANSWERED_START_MS = 5 * MINUTE_MS;
/** how long a request answering an attempt being started waits for the rail's answer (its timeout) */
const START_WAIT_MS = 15_000;
const START_POLL_MS = 50;
/** a payment the rail cannot tell about is given up on (failed) after this many tries, about 7 hours */
export const CHECK_FAILURES_BOUND = 12;
/** a pending payment is asked about on a read at most this often */
const CHECK_ON_READ_EVERY_MS = 3_000;
export { randomId };

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Invoices and the payments that settle them (ARCHITECTURE.md section 5). An invoice is made
 * pending with its lines; a payment attempt on a rail is made in our database before the rail
 * is called, so every outside payment has a row to land on; a rail's callback, the payer's
 * return and the reconciliation job all only trigger `confirm`, which asks the rail and, when
 * it says paid with the invoice's amount, settles payment, invoice and fulfilment in one
 * transaction, once (the payment row is locked and moved from pending; the provider's capture id
 * is unique per rail).
 */
/**
 * Reconciliation leaves an attempt alone this long after it was made: its callback or its payer's
 * return is likely on the way, and asking the rail at the same moment would only race them.
 */
export const RECONCILE_GRACE_MS = 10_000;

export function billingService(
  kernel: Kernel,
  deps: { credits: CreditsService; notify?: NotificationsService['notify'] },
) {
  const repository = boundRepository(billingRepository);
  const settings = (): BillingSettings => kernel.settings.billing ?? { gateways: {} };
  const now = () => kernel.clock.now();
  const handlers = new Map<LineType, LineHandler>();
  const lastChecked = new Map<number, number>();

  /** an invoice's lines grouped by their handlers */
  function byHandler(lines: InvoiceLineRow[]): [LineHandler, InvoiceLineRow[]][] {
    const groups = new Map<LineHandler, InvoiceLineRow[]>();
    for (const line of lines) {
      const handler = handlers.get(line.itemType);
      if (!handler) throw new Error(`no handler for invoice lines of type ${line.itemType}`);
      groups.set(handler, [...(groups.get(handler) ?? []), line]);
    }
    return [...groups];
  }

  /** why the invoice can no longer give what it sells, or null */
  async function undeliverable(ctx: Ctx, invoice: InvoiceRow, lines: InvoiceLineRow[]): Promise<string | null> {
    for (const [handler, own] of byHandler(lines)) {
      const why = await handler.undeliverable(ctx, invoice, own);
      if (why) return why;
    }
    return null;
  }

  const refunds = refundsService(kernel, {
    gatewayOf: (rail) => gatewayOf(rail),
    receipts: () => settings().receipts,
    notify: deps.notify,
    async reverse(ctx, invoice, payment) {
      const lines = await repository(ctx).linesOf([invoice.id]);
      const refunded = { ...invoice, status: 'refunded' as const, refundedAt: now() };
      for (const [handler, own] of byHandler(lines)) {
        await handler.refunded(ctx, { invoice: refunded, lines: own, payment });
      }
    },
  });

  /** a capture the store cannot keep: refunded by the steps, the member told when it is done */
  const refundCapture = (ctx: Ctx, invoice: InvoiceRow, payment: PaymentRow, reason: RefundReason) =>
    refunds.request(ctx, { invoice, payment, reason, reverse: false, by: 'system' });

  function gatewayOf(rail: Rail): Gateway {
    const gateway = rail === 'credits' ? undefined : settings().gateways[rail];
    if (!gateway) throw new AppError('BUSINESS_RULE', mn.money.railUnavailable);
    return gateway;
  }

  async function ownInvoice(ctx: Ctx, userId: number, publicId: string): Promise<InvoiceRow> {
    const invoice = await repository(ctx).invoiceByPublicId(publicId);
    if (!invoice || invoice.userId !== userId) throw notFound();
    return invoice;
  }

  /**
   * Marks the invoice paid and gives what it sells, in the caller's transaction, under the
   * member's purchase lock; false when the payment gives nothing and is refunded instead: a
   * second capture of a paid invoice (two QRs, a late bank), or a sale that can no longer be
   * given (a title held since, a period replaced).
   */
  async function settleInvoice(ctx: Ctx, payment: PaymentRow, savedCard?: SavedCardRow): Promise<boolean> {
    await repository(ctx).lockBuyer(payment.userId);
    const invoice = (await repository(ctx).invoiceById(payment.invoiceId, true))!;
    if (invoice.status === 'paid' || invoice.status === 'refunded') {
      kernel.log.warn(
        { invoice: invoice.publicId, payment: payment.publicId },
        'a second capture for a paid invoice: refunded',
      );
      await refundCapture(ctx, invoice, payment, 'duplicate_capture');
      return false;
    }
    const lines = await repository(ctx).linesOf([invoice.id]);
    // a payment that lands after the invoice expired or was cancelled is honoured, never lost
    await repository(ctx).setInvoiceStatus(invoice.id, ['pending', 'expired', 'cancelled', 'failed'], 'paid', now());
    const paidInvoice = { ...invoice, status: 'paid' as const, paidAt: now() };
    const why = await undeliverable(ctx, paidInvoice, lines);
    if (why) {
      kernel.log.warn(
        { invoice: invoice.publicId, payment: payment.publicId, why },
        'a paid sale cannot be given: refunded',
      );
      await refundCapture(ctx, paidInvoice, payment, 'undeliverable');
      return false;
    }
    for (const [handler, own] of byHandler(lines)) {
      await handler.paid(ctx, { invoice: paidInvoice, lines: own, payment, savedCard });
    }
    if (invoice.amountMnt > 0 && settings().receipts && !lines.some((line) => line.itemType === 'card_check')) {
      await kernel.jobs.enqueue(ctx, issueReceiptJob, { invoiceId: invoice.id });
    }
    return true;
  }

  /** settles a payment the rail says is paid; a second call for it changes nothing */
  async function settlePaid(ctx: Ctx, attempt: PaymentRow, check: Extract<PaymentCheck, { state: 'paid' }>) {
    return transaction(ctx, async (tx) => {
      // the buyer's lock first, as every sale and settlement takes it (one lock order, no deadlock)
      await repository(tx).lockBuyer(attempt.userId);
      const payment = (await repository(tx).paymentById(attempt.id, true))!;
      if (payment.status !== 'pending') return payment;
      if (check.paidAmountMnt !== payment.amountMnt) {
        kernel.log.error(
          { payment: payment.publicId, rail: payment.rail, expected: payment.amountMnt, paid: check.paidAmountMnt },
          'a rail reports a paid amount other than the invoice: not granted, needs a refund',
        );
        await repository(tx).updatePayment(payment.id, { status: 'failed', failureCode: 'amount_mismatch' });
        return { ...payment, status: 'failed' as const };
      }
      const paid = {
        status: 'paid' as const,
        providerTransactionId: check.providerTransactionId,
        paidAmountMnt: check.paidAmountMnt,
        paidAt: now(),
      };
      await repository(tx).updatePayment(payment.id, paid);
      let savedCard: SavedCardRow | undefined;
      if (check.savedCard && payment.saveCard) {
        const card = check.savedCard;
        savedCard = await repository(tx).saveCard(
          {
            publicId: randomId(20),
            userId: payment.userId,
            rail: payment.rail,
            token: card.token,
            maskedNumber: card.maskedNumber,
            brand: card.brand,
            expiry: card.expiry,
            fingerprint: `${payment.rail}:${card.maskedNumber}:${card.expiry}`,
          },
          now(),
        );
      } else if (payment.cardId !== null) {
        await repository(tx).cardUsed(payment.cardId, now());
      }
      await settleInvoice(tx, { ...payment, ...paid }, savedCard);
      return { ...payment, ...paid };
    });
  }

  /**
   * asks the rail what became of a pending attempt and records it (an attempt whose start was
   * never answered is asked about by our reference, where the rail finds payments by it)
   */
  async function confirm(ctx: Ctx, payment: PaymentRow): Promise<PaymentRow> {
    if (payment.status !== 'pending' || payment.rail === 'credits') return payment;
    if (
      !payment.providerPaymentId &&
      // the rail may still be answering the start: asked about only once that is surely over
      (!RAILS_FOUND_BY_REFERENCE.has(payment.rail) ||
        now().getTime() - payment.createdAt.getTime() < UNANSWERED_START_MS)
    ) {
      return payment;
    }
    const check = await gatewayOf(payment.rail).checkPayment(payment.providerPaymentId ?? '', payment.reference);
    if (lastChecked.size > 10_000) lastChecked.clear();
    lastChecked.set(payment.id, Date.now());
    if (check.state === 'pending') return payment;
    if (check.state === 'paid') return settlePaid(ctx, payment, check);
    const status = check.state === 'expired' ? ('expired' as const) : ('failed' as const);
    const failureCode = check.state === 'failed' ? check.code : 'timeout';
    return transaction(ctx, async (tx) => {
      const locked = (await repository(tx).paymentById(payment.id, true))!;
      if (locked.status !== 'pending') return locked;
      await repository(tx).updatePayment(payment.id, { status, failureCode });
      return { ...locked, status, failureCode };
    });
  }

  /**
   * An open attempt as the rail answered its start: one whose start is still being asked (a
   * request at the same moment) is waited for, so every answer shows the same QR or page.
   */
  async function answered(ctx: Ctx, payment: PaymentRow): Promise<PaymentRow> {
    const deadline = Date.now() + START_WAIT_MS;
    let current = payment;
    while (current.status === 'pending' && current.action === null && Date.now() < deadline) {
      await sleep(START_POLL_MS);
      current = (await repository(ctx).paymentById(payment.id))!;
    }
    return current;
  }

  /**
   * Starts paying an invoice on a rail: the attempt is written first (so whatever the rail
   * does lands on a row), then the rail is asked for the payer's next step. The same
   * Idempotency-Key answers the same attempt.
   */
  async function startPayment(
    ctx: Ctx,
    input: {
      userId: number;
      invoice: InvoiceRow;
      rail: Exclude<Rail, 'credits'>;
      idempotencyKey?: string;
      saveCard?: boolean;
      cardPublicId?: string;
    },
  ): Promise<PaymentRow> {
    const { invoice } = input;
    if (input.idempotencyKey) {
      const earlier = await repository(ctx).paymentByIdempotencyKey(input.userId, input.idempotencyKey);
      if (earlier) {
        if (earlier.invoiceId !== invoice.id || earlier.rail !== input.rail) {
          throw new AppError('BUSINESS_RULE', mn.money.idempotencyKeyReused);
        }
        return earlier;
      }
    }
    if (invoice.userId !== input.userId) throw notFound();
    const gateway = gatewayOf(input.rail);
    const card = input.cardPublicId ? await repository(ctx).cardOf(input.userId, input.cardPublicId) : undefined;
    if (input.cardPublicId && (!card || card.rail !== input.rail)) throw notFound(mn.money.cardNotFound);
    // under the buyer's lock and the invoice's: it is still to pay, what it sells can still be
    // given, and it has one open attempt per rail and card (asking again answers the same QR or page)
    type Opened = { refused: AppError } | { open: PaymentRow } | { payment: PaymentRow };
    const opened = await transaction(ctx, async (tx): Promise<Opened> => {
      await repository(tx).lockBuyer(input.userId);
      const locked = (await repository(tx).invoiceById(invoice.id, true))!;
      const attempts = await repository(tx).paymentsOf([locked.id]);
      // paid meanwhile (a double tap's first capture): the answer is the capture
      const capture = locked.status === 'paid' ? attempts.find((p) => p.status === 'paid') : undefined;
      if (capture) return { open: capture };
      if (locked.status !== 'pending' || locked.amountCredits > 0 || locked.expiresAt <= now()) {
        return { refused: new AppError('BUSINESS_RULE', mn.money.invoiceNotPayable) };
      }
      const why = await undeliverable(tx, locked, await repository(tx).linesOf([locked.id]));
      if (why) {
        await repository(tx).setInvoiceStatus(locked.id, ['pending'], 'cancelled', now());
        return { refused: new AppError('CONFLICT', why) };
      }
      const open = attempts.find(
        (p) =>
          p.status === 'pending' &&
          p.rail === input.rail &&
          p.cardId === (card?.id ?? null) &&
          p.saveCard === (input.saveCard ?? false),
      );
      if (open) return { open };
      const payment = await repository(tx).insertPayment({
        publicId: randomId(20),
        invoiceId: invoice.id,
        userId: input.userId,
        rail: input.rail,
        amountMnt: locked.amountMnt,
        reference: randomId(15),
        callbackSecret: randomId(32),
        idempotencyKey: input.idempotencyKey ?? null,
        saveCard: input.saveCard ?? false,
        cardId: card?.id ?? null,
        // on the store's clock, which the ages of attempts are measured with
        createdAt: now(),
      });
      return { payment };
    });
    if ('refused' in opened) throw opened.refused;
    if ('open' in opened) return answered(ctx, opened.open);
    const { payment } = opened;
    const base = kernel.publicBaseUrl;
    let created;
    try {
      created = await gateway.createPayment({
        reference: payment.reference,
        amountMnt: payment.amountMnt,
        description: invoice.description,
        callbackUrl: `${base}/api/billing/callbacks/${input.rail}/${payment.publicId}?secret=${payment.callbackSecret}`,
        returnUrl: `${base}/payment/${payment.publicId}`,
        cardToken: card?.token,
        saveCard: input.saveCard,
      });
    } catch (error) {
      kernel.log.warn(
        { rail: input.rail, payment: payment.publicId, err: error instanceof GatewayError ? error.message : error },
        'a rail refused to start a payment',
      );
      const failureCode = error instanceof GolomtPaymentDeclined ? error.failure : RAIL_ERROR;
      await repository(ctx).updatePayment(payment.id, { status: 'failed', failureCode });
      throw new AppError('UNAVAILABLE', mn.money.railFailed);
    }
    await repository(ctx).updatePayment(payment.id, {
      providerPaymentId: created.providerPaymentId,
      action: created.action,
    });
    const started = { ...payment, providerPaymentId: created.providerPaymentId, action: created.action };
    // a saved card that needed no challenge has captured already
    return created.action.kind === 'done' ? confirm(ctx, started) : started;
  }

  /**
   * Staff give a paid invoice's money back: a refund of its capture is recorded and its steps
   * run by a job (rail, receipt, reversal: refunds.service). Refused up front, with nothing
   * written, when what the sale gave cannot be taken back (a pack's credits already spent).
   */
  async function refund(ctx: Ctx, invoicePublicId: string, by = 'staff') {
    return transaction(ctx, async (tx) => {
      const found = await repository(tx).invoiceByPublicId(invoicePublicId);
      if (!found) throw notFound();
      await repository(tx).lockBuyer(found.userId);
      const invoice = (await repository(tx).invoiceById(found.id, true))!;
      const payment = (await repository(tx).paymentsOf([invoice.id])).find((p) => p.status === 'paid');
      if (invoice.status !== 'paid' || !payment) throw new AppError('BUSINESS_RULE', mn.money.refunds.notRefundable);
      const lines = await repository(tx).linesOf([invoice.id]);
      for (const [handler, own] of byHandler(lines)) {
        const why = await handler.unrefundable?.(tx, invoice, own);
        if (why) throw new AppError('BUSINESS_RULE', why);
      }
      return refunds.request(tx, { invoice, payment, reason: 'staff', reverse: true, by });
    });
  }

  /** the small charge that saved a card is given back as soon as it is paid */
  const cardChecks: LineHandler = {
    undeliverable: () => Promise.resolve(null),
    async paid(ctx, { invoice, payment }) {
      await refunds.request(ctx, { invoice, payment, reason: 'card_check', reverse: false, by: 'system' });
    },
    refunded: () => Promise.resolve(),
  };
  handlers.set('card_check', cardChecks);

  /**
   * The rail could not tell what became of an attempt (it no longer knows it, or did not
   * answer): asked again later and later, and marked failed after a bound, not asked every
   * minute for ever.
   */
  async function checkFailed(ctx: Ctx, payment: PaymentRow, error: unknown): Promise<void> {
    const failures = payment.checkFailures + 1;
    kernel.log.warn(
      { payment: payment.publicId, rail: payment.rail, failures, err: error instanceof Error ? error.message : error },
      'a rail could not tell what became of a payment',
    );
    await transaction(ctx, async (tx) => {
      const locked = (await repository(tx).paymentById(payment.id, true))!;
      if (locked.status !== 'pending') return;
      if (failures >= CHECK_FAILURES_BOUND) {
        await repository(tx).updatePayment(payment.id, {
          status: 'failed',
          failureCode: RAIL_ERROR,
          checkFailures: failures,
        });
        return;
      }
      await repository(tx).updatePayment(payment.id, {
        checkFailures: failures,
        nextCheckAt: new Date(now().getTime() + Math.min(60 * MINUTE_MS, 2 ** failures * MINUTE_MS)),
      });
    });
  }

  function upoint() {
    const gateway = settings().gateways.upoint;
    if (!isUpointGateway(gateway)) throw new AppError('BUSINESS_RULE', mn.money.railUnavailable);
    return gateway;
  }

  function railFailed(error: unknown): never {
    kernel.log.warn({ err: error instanceof Error ? error.message : error }, 'a rail did not answer');
    throw new AppError('UNAVAILABLE', mn.money.railFailed);
  }

  /** the caller's own U-Point attempt by its reference (another's, or none: not found) */
  async function ownUpointAttempt(ctx: Ctx, userId: number, reference: string): Promise<PaymentRow> {
    const payment = await repository(ctx).paymentByReference(reference);
    if (!payment || payment.userId !== userId || payment.rail !== 'upoint') throw notFound();
    return payment;
  }

  return {
    /**
     * The module that sells these kinds of line declares what settling, refunding and checking
     * them does (one handler per kind: a second is a wiring mistake).
     */
    handleLines(types: readonly LineType[], handler: LineHandler) {
      for (const type of types) {
        if (handlers.has(type)) throw new Error(`invoice lines of type ${type} have a handler already`);
        handlers.set(type, handler);
      }
    },

    /** the kinds of line nobody handles (every kind must be handled once the modules are made) */
    unhandledLines: (): LineType[] => LINE_TYPES.filter((type) => !handlers.has(type)),

    refunds,

    /** refunds (staff), each with its invoice's public id and its capture */
    async refundRecords(
      ctx: Ctx,
      filter: { status?: RefundRow['status']; invoicePublicId?: string; publicId?: string },
    ) {
      let rows: RefundRow[];
      if (filter.publicId) {
        rows = [await refunds.byPublicId(ctx, filter.publicId)];
      } else if (filter.invoicePublicId) {
        const invoice = await repository(ctx).invoiceByPublicId(filter.invoicePublicId);
        rows = invoice ? await refunds.list(ctx, { status: filter.status, invoiceIds: [invoice.id] }) : [];
      } else {
        rows = await refunds.list(ctx, { status: filter.status });
      }
      const invoiceIds = [...new Set(rows.map((r) => r.invoiceId))];
      const [invoiceRows, paymentRows] = await Promise.all([
        repository(ctx).invoicesByIds(invoiceIds),
        repository(ctx).paymentsOf(invoiceIds),
      ]);
      const invoices = new Map(invoiceRows.map((invoice) => [invoice.id, invoice]));
      const payments = new Map(paymentRows.map((payment) => [payment.id, payment]));
      return rows.map((refund) => ({
        refund,
        invoicePublicId: invoices.get(refund.invoiceId)!.publicId,
        payment: payments.get(refund.paymentId)!,
      }));
    },

    /** the buyer's purchase lock, in the caller's transaction (sales read and write under it) */
    lockBuyer: (ctx: Ctx, userId: number) => repository(ctx).lockBuyer(userId),

    /**
     * The member's invoices still to pay with a line of this item and format (and, with
     * `paidSince`, those paid since then), newest first, each with that line.
     */
    openInvoicesOf: (
      ctx: Ctx,
      userId: number,
      line: Pick<NewInvoiceLine, 'itemType' | 'itemId' | 'format'>,
      paidSince?: Date,
    ) => repository(ctx).openInvoicesOf(userId, line, now(), paidSince),

    /** the member's saved card (or carrier consent) on a rail; 404 when it is not theirs */
    async requireCard(ctx: Ctx, userId: number, publicId: string, rail: Rail): Promise<SavedCardRow> {
      const card = await repository(ctx).cardOf(userId, publicId);
      if (!card || card.rail !== rail) throw notFound(mn.money.cardNotFound);
      return card;
    },

    /** an invoice left to pay is withdrawn (replaced by another); a payment landing later is refunded */
    async cancelInvoice(ctx: Ctx, invoiceId: number): Promise<void> {
      await repository(ctx).setInvoiceStatus(invoiceId, ['pending', 'expired'], 'cancelled', now());
    },

    /** the rails this process can take payments on */
    rails(): Rail[] {
      return [...(Object.keys(settings().gateways) as Rail[]), 'credits'];
    },

    async createInvoice(
      ctx: Ctx,
      input: { userId: number; description: string; lines: NewInvoiceLine[] },
    ): Promise<InvoiceRow> {
      const amountMnt = input.lines.reduce((sum, line) => sum + line.amountMnt, 0);
      const amountCredits = input.lines.reduce((sum, line) => sum + line.amountCredits, 0);
      return repository(ctx).insertInvoice(
        {
          publicId: randomId(20),
          userId: input.userId,
          amountMnt,
          amountCredits,
          description: input.description,
          expiresAt: new Date(now().getTime() + (settings().invoiceTtlMs ?? DEFAULT_INVOICE_TTL_MS)),
        },
        input.lines.map((line) => ({ ...line, fulfilment: line.fulfilment as object })),
      );
    },

    /**
     * Pays a credits invoice from the member's balance: the spend, the payment, the invoice and
     * its fulfilment in one transaction (422 when the balance is short, and nothing is written).
     */
    payWithCredits(ctx: Ctx, invoice: InvoiceRow): Promise<PaymentRow> {
      return transaction(ctx, async (tx) => {
        const entry = await deps.credits.spend(tx, {
          userId: invoice.userId,
          credits: invoice.amountCredits,
          kind: 'unlock',
          description: invoice.description,
          entryKey: `invoice:${invoice.publicId}:credits`,
        });
        const payment = await repository(tx).insertPayment({
          publicId: randomId(20),
          invoiceId: invoice.id,
          userId: invoice.userId,
          rail: 'credits',
          status: 'paid',
          amountMnt: 0,
          reference: randomId(15),
          providerTransactionId: `ledger:${entry.id}`,
          callbackSecret: randomId(24),
          paidAt: now(),
        });
        await settleInvoice(tx, payment);
        return payment;
      });
    },

    startPayment,

    /** a rail's callback: verified by the secret it carries, then confirmed with the rail */
    async callback(ctx: Ctx, rail: Rail, paymentPublicId: string, secret: string): Promise<PaymentRow> {
      const payment = await repository(ctx).paymentByPublicId(paymentPublicId);
      if (!payment || payment.rail !== rail || !sameSecret(secret, payment.callbackSecret)) {
        kernel.log.warn(
          { rail, payment: paymentPublicId },
          'a callback for no payment of ours, or with a wrong secret',
        );
        throw notFound();
      }
      return confirm(ctx, payment);
    },

    /**
     * Golomt's push notification (to the one URL registered with the bank): verified by its
     * checksum, then, like any callback, only a trigger to ask the bank.
     */
    async golomtNotification(ctx: Ctx, body: unknown): Promise<void> {
      const key = settings().golomtSecret;
      if (!key) throw notFound();
      let reference: string;
      try {
        reference = verifyGolomtNotification(body, key).reference;
      } catch (error) {
        kernel.log.warn({ err: error instanceof Error ? error.message : error }, 'a Golomt notification refused');
        throw new AppError('BAD_REQUEST');
      }
      const payment = await repository(ctx).paymentByReference(reference);
      if (!payment || (payment.rail !== 'golomt' && payment.rail !== 'socialpay')) throw notFound();
      await confirm(ctx, payment);
    },

    /** U-Point: the member's points (confirmed with their PIN) against their pending attempt */
    async upointBalance(ctx: Ctx, userId: number, reference: string, member: UpointMember, pin: string) {
      const payment = await ownUpointAttempt(ctx, userId, reference);
      const balance = await upoint().balance(member, pin).catch(railFailed);
      if (!balance.ok) throw new AppError('BUSINESS_RULE', mn.money.upoint[balance.refusal]);
      return { ...balance, amountMnt: payment.amountMnt };
    },

    /**
     * U-Point: spends the member's points on their pending attempt, confirmed with their PIN,
     * then settles it like any rail (the spend is checked back with U-Point). A refusal (a wrong
     * PIN, too few points) leaves the attempt open for another try.
     */
    async upointPay(ctx: Ctx, userId: number, reference: string, member: UpointMember, pin: string) {
      const payment = await ownUpointAttempt(ctx, userId, reference);
      const invoicePublicId = (await repository(ctx).invoiceById(payment.invoiceId))!.publicId;
      if (payment.status !== 'pending') return { payment, invoicePublicId };
      const check = await upoint()
        .authorise({ reference, amountMnt: payment.amountMnt, member, pin })
        .catch(railFailed);
      if (check.state === 'failed') {
        const refusal =
          (check.code === 'insufficient_funds' ? 'insufficient_points' : check.detail.split(':')[0]) ?? '';
        throw new AppError('BUSINESS_RULE', mn.money.upoint[refusal as UpointRefusal] ?? mn.money.upoint.refused);
      }
      return { payment: check.state === 'paid' ? await settlePaid(ctx, payment, check) : payment, invoicePublicId };
    },

    /** asks the rails about attempts left pending (a lost callback, a process killed mid-way) */
    async reconcile(ctx: Ctx): Promise<{ checked: number; settled: number }> {
      const pending = await repository(ctx).pendingPayments(
        new Date(now().getTime() - 2 * 24 * 60 * MINUTE_MS),
        new Date(now().getTime() - RECONCILE_GRACE_MS),
        200,
      );
      let settled = 0;
      for (const payment of pending) {
        try {
          if ((await confirm(ctx, payment)).status === 'paid') settled++;
        } catch (error) {
          await checkFailed(ctx, payment, error);
        }
      }
      return { checked: pending.length, settled };
    },

    /** pending invoices whose time is up become expired (a payment landing later is still honoured) */
    async expireOverdue(ctx: Ctx): Promise<number> {
      let expired = 0;
      for (const invoice of await repository(ctx).overdueInvoices(now(), 500)) {
        if (await repository(ctx).setInvoiceStatus(invoice.id, ['pending'], 'expired', now())) expired++;
      }
      return expired;
    },

    refund,

    /** the member's invoice with its lines and attempts; a pending attempt is asked about first */
    async invoice(ctx: Ctx, userId: number, publicId: string) {
      let invoice = await ownInvoice(ctx, userId, publicId);
      let payments = await repository(ctx).paymentsOf([invoice.id]);
      const pending = payments.filter((p) => p.status === 'pending' && p.rail !== 'credits');
      const due = pending.filter((p) => Date.now() - (lastChecked.get(p.id) ?? 0) >= CHECK_ON_READ_EVERY_MS);
      if (due.length > 0) {
        await Promise.all(due.map((p) => confirm(ctx, p).catch((error) => kernel.onError(error, 'check on read'))));
        invoice = (await repository(ctx).invoiceById(invoice.id))!;
        payments = await repository(ctx).paymentsOf([invoice.id]);
      }
      const [lines, receipts] = await Promise.all([
        repository(ctx).linesOf([invoice.id]),
        repository(ctx).receiptsOf([invoice.id]),
      ]);
      return { invoice, lines, payments, receipt: receipts[0] ?? null };
    },

    /** the member's payment attempt (asked about first when pending), with its invoice's id */
    async payment(ctx: Ctx, userId: number, publicId: string) {
      const found = await repository(ctx).paymentByPublicId(publicId);
      if (!found || found.userId !== userId) throw notFound();
      const due = Date.now() - (lastChecked.get(found.id) ?? 0) >= CHECK_ON_READ_EVERY_MS;
      const payment = due ? await confirm(ctx, found).catch(() => found) : found;
      const invoice = (await repository(ctx).invoiceById(payment.invoiceId))!;
      return { payment, invoicePublicId: invoice.publicId };
    },

    /** an invoice's lines and attempts, for staff (no owner check: callers check who asks) */
    async invoiceRecord(ctx: Ctx, invoiceId: number) {
      const [lines, payments] = await Promise.all([
        repository(ctx).linesOf([invoiceId]),
        repository(ctx).paymentsOf([invoiceId]),
      ]);
      return { lines, payments };
    },

    /**
     * Files a paid invoice's e-barimt receipt (the job's work, in its transaction): once, with
     * what was sold and how it was paid. PosAPI down: thrown, so the job retries with backoff; a
     * call that may have filed it without an answer: not retried blindly (NoRetry), someone
     * checks PosAPI before re-running the job.
     */
    async issueReceipt(ctx: Ctx, invoiceId: number): Promise<void> {
      const receipts = settings().receipts;
      const invoice = await repository(ctx).invoiceById(invoiceId);
      if (!receipts || !invoice || invoice.status !== 'paid' || invoice.amountMnt === 0) return;
      if ((await repository(ctx).receiptsOf([invoiceId])).length > 0) return;
      const [lines, payments] = await Promise.all([
        repository(ctx).linesOf([invoiceId]),
        repository(ctx).paymentsOf([invoiceId]),
      ]);
      const paidWith = RECEIPT_PAYMENT_CODE[payments.find((p) => p.status === 'paid')?.rail ?? 'credits'];
      if (!paidWith) return;
      try {
        const issued = await receipts.issue({
          reference: invoice.publicId,
          lines: lines.map((line) => ({ name: line.title, amountMnt: line.amountMnt, qty: 1 })),
          totalMnt: invoice.amountMnt,
          paidWith,
        });
        await repository(ctx).insertReceipt({ invoiceId, ...issued });
      } catch (error) {
        if (error instanceof ReceiptServiceError && error.maybeIssued) {
          throw new NoRetry(`receipt of invoice ${invoice.publicId} may have been filed: check PosAPI, then re-run`);
        }
        throw error;
      }
    },

    /**
     * Starts saving a card without a purchase: a small charge on the card rail with the card
     * kept as a token; once paid it is refunded by a job. Answers the attempt (the bank's page).
     */
    async startCardSave(ctx: Ctx, userId: number) {
      gatewayOf('golomt');
      const invoice = await repository(ctx).insertInvoice(
        {
          publicId: randomId(20),
          userId,
          amountMnt: CARD_CHECK_MNT,
          description: mn.money.cardCheck,
          expiresAt: new Date(now().getTime() + (settings().invoiceTtlMs ?? DEFAULT_INVOICE_TTL_MS)),
        },
        [
          {
            itemType: 'card_check',
            itemId: 0,
            format: null,
            title: mn.money.cardCheck,
            amountMnt: CARD_CHECK_MNT,
            amountCredits: 0,
            fulfilment: {},
          },
        ],
      );
      const payment = await startPayment(ctx, { userId, invoice, rail: 'golomt', saveCard: true });
      return { payment, invoicePublicId: invoice.publicId };
    },

    /** the member's own invoice, for paying it again on another rail */
    ownInvoice,

    invoiceById: (ctx: Ctx, id: number) => repository(ctx).invoiceById(id),

    /**
     * Opens an unpaid invoice again for a new attempt (a subscription period's invoice after a
     * declined renewal): pending, with a fresh time to pay. A paid one is answered as it is.
     */
    async reopenInvoice(ctx: Ctx, id: number): Promise<InvoiceRow> {
      const invoice = (await repository(ctx).invoiceById(id, true))!;
      if (invoice.status === 'pending' && invoice.expiresAt > now()) return invoice;
      if (!['pending', 'expired', 'failed', 'cancelled'].includes(invoice.status)) return invoice;
      const expiresAt = new Date(now().getTime() + (settings().invoiceTtlMs ?? DEFAULT_INVOICE_TTL_MS));
      await repository(ctx).reopenInvoice(id, expiresAt);
      return { ...invoice, status: 'pending', expiresAt };
    },

    paymentsOfInvoice: (ctx: Ctx, invoiceId: number) => repository(ctx).paymentsOf([invoiceId]),

    paymentByIdempotencyKey: (ctx: Ctx, userId: number, key: string) =>
      repository(ctx).paymentByIdempotencyKey(userId, key),

    /** asks the rail about a pending attempt (renewals, before charging beside it) */
    confirmPayment: confirm,

    /**
     * A carrier's consent to bill a phone (Unitel), kept like a saved card so the renewals
     * charge it: the member's row for that consent, made once.
     */
    async saveCarrierConsent(
      ctx: Ctx,
      userId: number,
      consent: { rail: 'unitel'; token: string; maskedNumber: string; brand: string },
    ): Promise<SavedCardRow> {
      const mine = async () =>
        (await repository(ctx).cardsOf(userId)).find((c) => c.rail === consent.rail && c.token === consent.token);
      const found = await mine();
      if (found) return found;
      try {
        return await repository(ctx).saveCard(
          { publicId: randomId(20), userId, expiry: '', fingerprint: `${consent.rail}:${consent.token}`, ...consent },
          now(),
        );
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const again = await mine();
        if (!again) throw new AppError('BUSINESS_RULE', mn.unitel.tokenInvalid);
        return again;
      }
    },

    /** a saved card by its internal id, unless removed */
    cardById: (ctx: Ctx, id: number) => repository(ctx).cardById(id),

    async invoices(ctx: Ctx, userId: number, page: number, perPage: number) {
      const { rows, total } = await repository(ctx).invoicesOf(userId, page, perPage);
      const lines = await repository(ctx).linesOf(rows.map((r) => r.id));
      return { rows, lines, total };
    },

    cards: (ctx: Ctx, userId: number) => repository(ctx).cardsOf(userId),

    async removeCard(ctx: Ctx, userId: number, publicId: string): Promise<void> {
      if (!(await repository(ctx).removeCard(userId, publicId, now()))) throw notFound(mn.money.cardNotFound);
    },
  };
}

export type BillingService = ReturnType<typeof billingService>;

/** Billing's service as other modules reach it: invoices and payments, with its subscriptions. */
export type BillingModuleService = BillingService & { subscriptions: SubscriptionsService };
