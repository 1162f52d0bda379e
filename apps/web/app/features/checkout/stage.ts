import { mn } from '@nomsan/contracts/messages';
import type { Invoice, Payment, PurchaseResult } from '@nomsan/contracts/money';

/** Where the checkout sheet is: choosing, sending, following the invoice, or done. */
export type Stage =
  | { name: 'choose' }
  | { name: 'working' }
  | { name: 'redirecting' }
  | { name: 'waiting'; result: PurchaseResult }
  | { name: 'paid'; result: PurchaseResult }
  | { name: 'refunded'; result: PurchaseResult }
  | { name: 'failed'; message: string }
  | { name: 'expired' };

/**
 * The stage after reading the invoice again while waiting: paid when it is; refunded when its
 * payment was given back (a second bill of a title held since, paid at the bank); failed when
 * its latest attempt failed; expired when its time ran out; still waiting otherwise. A stage
 * other than waiting is kept as it is (a late answer never undoes the thank-you).
 */
export function nextStage(current: Stage, invoice: Invoice & { payments: Payment[] }): Stage {
  if (current.name !== 'waiting') return current;
  const latest = invoice.payments.at(-1);
  if (invoice.status === 'paid') return { name: 'paid', result: { invoice, payment: latest ?? null } };
  if (invoice.status === 'refunded') return { name: 'refunded', result: { invoice, payment: latest ?? null } };
  if (latest && (latest.status === 'failed' || latest.status === 'expired')) {
    return { name: 'failed', message: latest.failure ?? mn.money.failures.error };
  }
  if (invoice.status === 'expired') return { name: 'expired' };
  return { name: 'waiting', result: { invoice, payment: latest ?? current.result.payment } };
}
