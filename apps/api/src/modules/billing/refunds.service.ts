import { z } from 'zod';
import { mn } from '@nomsan/contracts/messages';
import { AppError, notFound } from '../../errors';
import type { Kernel } from '../../kernel/module';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import { defineJob } from '../jobs/jobs.service';
import type { JobRow } from '../jobs/jobs.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { billingRepository, type InvoiceRow, type PaymentRow, type RefundRow } from './billing.repository';
import type { Gateway, Rail } from './gateway';
import type { PosApiReceipts } from './receipts/posapi';
import { randomId } from './ids';

/** Moves one refund through its next steps; retried with backoff while a step fails. */
export const refundStepJob = defineJob('billing.refund-step', z.object({ refundId: z.number().int() }).strict(), {
  maxAttempts: 10,
});

export type RefundReason = RefundRow['reason'];

/** What the refund steps need of billing: the rails, the receipt service, and the sale's reversal. */
export interface RefundDependencies {
  gatewayOf(rail: Rail): Gateway;
  receipts(): PosApiReceipts | undefined;
  /** takes back what a paid invoice gave (its lines' handlers), in the caller's transaction */
  reverse(ctx: Ctx, invoice: InvoiceRow, payment: PaymentRow): Promise<void>;
  /** what the process tells members with */
  notify?: NotificationsService['notify'];
}

/** the step a refund in this state takes next */
const STEPS = ['requested', 'rail_refunded', 'receipt_returned'] as const;

/** a refund's steps as they stood before a try failed for good, from what it recorded */
const stepOf = (refund: RefundRow): RefundRow['status'] =>
  refund.receiptReturnedAt ? 'receipt_returned' : refund.railRefundedAt ? 'rail_refunded' : 'requested';

/**
 * Refunds as recorded steps (ADR 026): a refund is a row; a job moves it from `requested` to
 * `rail_refunded` (the rail gave the money back), `receipt_returned` (the e-barimt receipt is
 * returned, only after the rail refunded) and `done` (what the sale gave is taken back, the
 * invoice marked refunded, the member told). Each step commits on its own, so a retry starts at
 * the step that failed; a refund whose step keeps failing is `failed` with the step and the
 * error, for staff to look at and retry.
 */
export function refundsService(kernel: Kernel, deps: RefundDependencies) {
  const repository = boundRepository(billingRepository);
  const now = () => kernel.clock.now();

  /**
   * Records a refund of a capture and queues its first step, in the caller's transaction (one
   * refund per capture: asking again answers the first). `reverse`: the sale was delivered and
   * is undone; otherwise the capture gave nothing (a second capture, a title held since).
   */
  async function request(
    ctx: Ctx,
    input: { invoice: InvoiceRow; payment: PaymentRow; reason: RefundReason; reverse: boolean; by: string },
  ): Promise<RefundRow> {
    const refund = await repository(ctx).insertRefund({
      publicId: randomId(20),
      invoiceId: input.invoice.id,
      paymentId: input.payment.id,
      userId: input.invoice.userId,
      amountMnt: input.payment.rail === 'credits' ? 0 : (input.payment.paidAmountMnt ?? input.payment.amountMnt),
      reason: input.reason,
      reverse: input.reverse,
      requestedBy: input.by,
    });
    await kernel.jobs.enqueue(ctx, refundStepJob, { refundId: refund.id }, { dedupeKey: `refund:${refund.id}` });
    return refund;
  }

  /** the rail gives the capture back (nothing to give for credits: the reversal returns them) */
  async function railStep(refund: RefundRow, payment: PaymentRow): Promise<void> {
    let railRefundId: string | null = null;
    if (payment.rail !== 'credits' && refund.amountMnt > 0) {
      railRefundId = (await deps.gatewayOf(payment.rail).refund(payment.providerTransactionId!, refund.amountMnt))
        .refundId;
    }
    await transaction(kernel.root, async (tx) => {
      await repository(tx).updateRefund(refund.id, {
        status: 'rail_refunded',
        railRefundId,
        railRefundedAt: now(),
        failedStep: null,
        lastError: null,
      });
      await repository(tx).updatePayment(payment.id, { status: 'refunded' });
    });
  }

  /** the sale's e-barimt receipt is returned (a reversed sale's only: other captures had none) */
  async function receiptStep(ctx: Ctx, refund: RefundRow): Promise<void> {
    const receipts = deps.receipts();
    const [receipt] = refund.reverse ? await repository(ctx).receiptsOf([refund.invoiceId]) : [];
    if (receipt && !receipt.voidedAt && receipts) {
      await receipts.void(receipt.billId, receipt.issuedAt);
      await repository(ctx).voidReceipt(refund.invoiceId, now());
    }
    await repository(ctx).updateRefund(refund.id, {
      status: 'receipt_returned',
      receiptReturnedAt: now(),
      failedStep: null,
      lastError: null,
    });
  }

  /** what the sale gave is taken back; the invoice is refunded unless another capture paid it */
  async function reverseStep(refundId: number): Promise<void> {
    await transaction(kernel.root, async (tx) => {
      const refund = (await repository(tx).refundById(refundId, true))!;
      if (refund.status !== 'receipt_returned') return;
      const invoice = (await repository(tx).invoiceById(refund.invoiceId, true))!;
      const payment = (await repository(tx).paymentById(refund.paymentId))!;
      if (refund.reverse) await deps.reverse(tx, invoice, payment);
      // a second capture's refund leaves the invoice paid by the first
      if (refund.reason !== 'duplicate_capture') {
        await repository(tx).setInvoiceStatus(
          invoice.id,
          ['paid', 'pending', 'expired', 'cancelled'],
          'refunded',
          now(),
        );
      }
      await repository(tx).updateRefund(refund.id, {
        status: 'done',
        doneAt: now(),
        failedStep: null,
        lastError: null,
      });
      if (refund.reason !== 'card_check' && refund.amountMnt > 0) {
        await deps.notify?.(tx, {
          userId: refund.userId,
          kind: 'refund',
          title: mn.money.refunds.notifyTitle,
          body: mn.money.refunds.notify(invoice.description, refund.amountMnt, refund.reason),
          link: `/invoice/${invoice.publicId}`,
          channels: ['sms'],
          dedupeKey: `refund:${refund.publicId}:done`,
        });
      }
    });
  }

  /** the refund job's work: every step still to take, in order; a failing step is recorded and thrown */
  async function advance(ctx: Ctx, refundId: number, job?: Pick<JobRow, 'attempts' | 'maxAttempts'>): Promise<void> {
    let refund = await repository(ctx).refundById(refundId);
    if (!refund || refund.status === 'done' || refund.status === 'failed') return;
    const step = refund.status;
    try {
      if (refund.status === 'requested') {
        await railStep(refund, (await repository(ctx).paymentById(refund.paymentId))!);
        refund = (await repository(ctx).refundById(refundId))!;
      }
      if (refund.status === 'rail_refunded') {
        await transaction(ctx, (tx) => receiptStep(tx, refund!));
      }
      await reverseStep(refundId);
    } catch (error) {
      const current = (await repository(ctx).refundById(refundId))!;
      const givenUp = job !== undefined && job.attempts >= job.maxAttempts;
      await repository(ctx).updateRefund(refundId, {
        status: givenUp ? 'failed' : current.status,
        failedStep: current.status === 'failed' ? current.failedStep : current.status,
        lastError: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
        attempts: current.attempts + 1,
      });
      kernel.log.warn(
        { refund: refund.publicId, step, err: error instanceof Error ? error.message : error, givenUp },
        'a refund step failed',
      );
      if (!givenUp) throw error;
    }
  }

  return {
    request,
    advance,

    /** a refund by its public id (staff) */
    async byPublicId(ctx: Ctx, publicId: string): Promise<RefundRow> {
      const refund = await repository(ctx).refundByPublicId(publicId);
      if (!refund) throw notFound();
      return refund;
    },

    /** refunds, newest first: all, of a status, or of some invoices (staff) */
    list: (ctx: Ctx, filter: { status?: RefundRow['status']; invoiceIds?: number[] }, limit = 100) =>
      repository(ctx).refunds(filter, limit),

    /** a refund given up on is tried again from the step that failed (staff) */
    async retry(ctx: Ctx, publicId: string): Promise<RefundRow> {
      return transaction(ctx, async (tx) => {
        const found = await repository(tx).refundByPublicId(publicId);
        if (!found) throw notFound();
        const refund = (await repository(tx).refundById(found.id, true))!;
        if (refund.status === 'done') throw new AppError('CONFLICT', mn.money.refunds.alreadyDone);
        if (refund.status !== 'failed' && refund.failedStep === null) return refund;
        const status = stepOf(refund);
        await repository(tx).updateRefund(refund.id, { status, attempts: 0 });
        await kernel.jobs.enqueue(tx, refundStepJob, { refundId: refund.id });
        return { ...refund, status, attempts: 0 };
      });
    },

    /** the steps in the order they are taken, for views */
    steps: STEPS,
  };
}

export type RefundsService = ReturnType<typeof refundsService>;
