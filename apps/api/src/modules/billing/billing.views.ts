import { mn } from '@nomsan/contracts/messages';
import QRCode from 'qrcode';
import { REFUND_STEPS, type Invoice, type NextAction, type Payment, type RefundView } from '@nomsan/contracts/money';
import type { NextAction as GatewayAction, PaymentFailure } from './gateway';
import type { InvoiceLineRow, InvoiceRow, PaymentRow, ReceiptRow, RefundRow } from './billing.repository';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** the payer's next step as the API shows it */
function nextActionOf(action: GatewayAction): NextAction {
  if (action.kind !== 'qr') return action;
  return {
    kind: 'qr',
    qr_text: action.qrText,
    qr_image: action.qrImage,
    short_url: action.shortUrl,
    deeplinks: action.deeplinks,
  };
}

const failures = mn.money.failures as Record<string, string>;

/** a payment attempt as the member sees it: the next step only while it is pending */
export function paymentView(payment: PaymentRow, invoicePublicId: string): Payment {
  return {
    id: payment.publicId,
    invoice_id: invoicePublicId,
    rail: payment.rail,
    status: payment.status,
    amount_mnt: payment.amountMnt,
    next_action: payment.status === 'pending' && payment.action ? nextActionOf(payment.action as GatewayAction) : null,
    failure:
      payment.status === 'failed' || payment.status === 'expired'
        ? (failures[(payment.failureCode ?? 'error') as PaymentFailure] ?? failures.error!)
        : null,
    created_at: payment.createdAt.toISOString(),
    paid_at: iso(payment.paidAt),
  };
}

export function invoiceView(invoice: InvoiceRow, lines: InvoiceLineRow[]): Invoice {
  return {
    id: invoice.publicId,
    status: invoice.status,
    amount_mnt: invoice.amountMnt,
    amount_credits: invoice.amountCredits,
    description: invoice.description,
    lines: lines
      .filter((line) => line.invoiceId === invoice.id)
      .map((line) => ({
        item_type: line.itemType,
        item_id: line.itemId,
        format: line.format,
        title: line.title,
        amount_mnt: line.amountMnt,
        amount_credits: line.amountCredits,
      })),
    created_at: invoice.createdAt.toISOString(),
    expires_at: invoice.expiresAt.toISOString(),
    paid_at: iso(invoice.paidAt),
    refunded_at: iso(invoice.refundedAt),
  };
}

/** a receipt as the buyer sees it: the lottery number and the QR, drawn here */
export async function receiptView(receipt: ReceiptRow | null) {
  if (!receipt || receipt.voidedAt) return null;
  return {
    bill_id: receipt.billId,
    lottery: receipt.lottery,
    qr_data: receipt.qrData,
    qr_image: await QRCode.toDataURL(receipt.qrData, { margin: 1, width: 240 }),
    issued_at: receipt.issuedAt.toISOString(),
  };
}

/** a refund with its steps, for staff */
export function refundView(refund: RefundRow, invoicePublicId: string, payment: PaymentRow): RefundView {
  const doneAt = {
    requested: refund.createdAt,
    rail_refunded: refund.railRefundedAt,
    receipt_returned: refund.receiptReturnedAt,
    done: refund.doneAt,
  } as const;
  return {
    id: refund.publicId,
    invoice_id: invoicePublicId,
    payment_id: payment.publicId,
    rail: payment.rail,
    amount_mnt: refund.amountMnt,
    reason: refund.reason,
    reason_text: mn.money.refunds.reasons[refund.reason],
    status: refund.status,
    status_text: mn.money.refunds.steps[refund.status],
    steps: REFUND_STEPS.map((step) => ({
      step,
      label: mn.money.refunds.steps[step],
      done_at: iso(doneAt[step]),
    })),
    failed_step: refund.failedStep,
    last_error: refund.lastError,
    attempts: refund.attempts,
    requested_by: refund.requestedBy,
    created_at: refund.createdAt.toISOString(),
  };
}
