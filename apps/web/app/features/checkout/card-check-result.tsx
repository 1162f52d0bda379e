import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import type { Invoice, Payment } from '@nomsan/contracts/money';
import { formatMnt } from '~/lib/format';
import { buttonClass } from '~/ui/buttons';
import { CheckIcon } from '~/ui/icons';
import { StatusBadge } from './status-badge';

const t = mn.checkout;

/** the saved cards page, where «Карт нэмэх» starts and comes back to */
export const SAVED_CARDS_PATH = '/settings/payment-cards';

/** an invoice of «Карт нэмэх»: the small charge that saves a card, given back once paid */
export const isCardCheck = (invoice: Pick<Invoice, 'lines'>) =>
  invoice.lines.some((line) => line.item_type === 'card_check');

/**
 * What became of a paid card check's charge: given back (the rail refunded it; the invoice is
 * refunded once every step is done) or on its way; null while the check is unpaid.
 */
export function cardCheckNote(
  invoice: Pick<Invoice, 'status' | 'amount_mnt'>,
  payment?: Pick<Payment, 'status'>,
): string | null {
  if (invoice.status !== 'paid' && invoice.status !== 'refunded') return null;
  const amount = formatMnt(invoice.amount_mnt);
  return invoice.status === 'refunded' || payment?.status === 'refunded'
    ? t.cardCheck.returned(amount)
    : t.cardCheck.returning(amount);
}

/**
 * The outcome of «Карт нэмэх» where the bank's page sends the member back: the card saved (its
 * masked number when the cards list names it) and the check's charge given back or on its way;
 * or the card not saved when the bank declined it. Never "payment failed" for a card that was
 * saved and whose charge went back.
 */
export function CardCheckResult({
  payment,
  invoice,
  card,
}: {
  payment: Payment;
  invoice: Invoice;
  card: string | null;
}) {
  const saved = payment.status === 'paid' || payment.status === 'refunded';
  const pending = payment.status === 'pending';
  return (
    <div className="mx-auto max-w-lg px-4 pt-10 pb-16 text-center">
      {saved ? (
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-green-100 text-green-700">
          <CheckIcon width={32} height={32} />
        </span>
      ) : null}
      <h1 className="mt-4 text-2xl font-extrabold tracking-tight">
        {saved ? t.cardCheck.savedTitle : pending ? t.waiting : t.cardCheck.notSavedTitle}
      </h1>
      {saved ? (
        <>
          <p className="mt-2 text-muted">{t.cardCheck.saved(card)}</p>
          <p role="status" className="mt-4 rounded-2xl bg-surface px-5 py-4 text-sm">
            {cardCheckNote(invoice, payment)}
          </p>
        </>
      ) : pending ? (
        <p className="mt-2 text-sm text-muted">{t.waitingHint}</p>
      ) : (
        <p className="mt-2 text-muted">{payment.failure ?? t.cardCheck.notSaved}</p>
      )}
      <p className="mt-4 flex items-center justify-center gap-3">
        <span className="text-xl font-extrabold">{formatMnt(payment.amount_mnt)}</span>
        <StatusBadge status={payment.status} />
      </p>
      <div className="mt-8 grid gap-2 sm:grid-cols-2">
        <Link to={SAVED_CARDS_PATH} className={buttonClass('primary', 'md')}>
          {saved || pending ? t.cardCheck.toCards : t.retry}
        </Link>
        <Link to={`/invoice/${invoice.id}`} className={buttonClass('secondary', 'md')}>
          {t.viewInvoice}
        </Link>
      </div>
    </div>
  );
}
