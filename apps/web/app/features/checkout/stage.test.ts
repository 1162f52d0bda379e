import { describe, expect, it } from 'vitest';
import { mn } from '@nomsan/contracts/messages';
import type { Invoice, Payment } from '@nomsan/contracts/money';
import { nextStage, type Stage } from './stage';

const invoice = (status: Invoice['status'], payments: Partial<Payment>[] = []) => ({
  id: 'AAAAAAAAAAAAAAAAAAAA',
  status,
  amount_mnt: 12_900,
  amount_credits: 0,
  description: 'Ном',
  lines: [],
  created_at: '2026-11-25T00:00:00Z',
  expires_at: '2026-11-25T00:30:00Z',
  paid_at: null,
  refunded_at: null,
  payments: payments.map((p): Payment => ({
    id: 'BBBBBBBBBBBBBBBBBBBB',
    invoice_id: 'AAAAAAAAAAAAAAAAAAAA',
    rail: 'qpay',
    status: 'pending',
    amount_mnt: 12_900,
    next_action: null,
    failure: null,
    created_at: '2026-11-25T00:00:00Z',
    paid_at: null,
    ...p,
  })),
});
const waiting: Stage = { name: 'waiting', result: { invoice: invoice('pending'), payment: null } };

describe('the checkout sheet following an invoice', () => {
  it('keeps waiting while the invoice and its attempt are pending', () => {
    expect(nextStage(waiting, invoice('pending', [{}])).name).toBe('waiting');
  });

  it('thanks once paid, and a later answer never takes the thank-you back', () => {
    const paid = nextStage(waiting, invoice('paid', [{ status: 'paid' }]));
    expect(paid.name).toBe('paid');
    expect(nextStage(paid, invoice('pending', [{}]))).toBe(paid);
  });

  it("says why the latest attempt failed, in the API's words or the general ones", () => {
    expect(nextStage(waiting, invoice('pending', [{ status: 'failed', failure: 'Карт татгалзлаа.' }]))).toEqual({
      name: 'failed',
      message: 'Карт татгалзлаа.',
    });
    expect(nextStage(waiting, invoice('pending', [{ status: 'failed' }]))).toEqual({
      name: 'failed',
      message: mn.money.failures.error,
    });
  });

  it('says the payment was given back when the invoice is refunded, never waiting on', () => {
    const refunded = nextStage(waiting, invoice('refunded', [{ status: 'refunded' }]));
    expect(refunded.name).toBe('refunded');
    expect(nextStage(refunded, invoice('paid', [{ status: 'paid' }]))).toBe(refunded);
  });

  it('offers a retry when the invoice expired', () => {
    expect(nextStage(waiting, invoice('expired', [{}])).name).toBe('expired');
  });
});
