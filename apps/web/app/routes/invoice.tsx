import { Link } from 'react-router';
import { useEffect } from 'react';
import { mn } from '@nomsan/contracts/messages';
import { SAVED_CARDS_PATH, cardCheckNote, isCardCheck } from '~/features/checkout/card-check-result';
import { PayInvoice } from '~/features/checkout/pay-invoice';
import { StatusBadge } from '~/features/checkout/status-badge';
import { requireSignedIn } from '~/lib/auth.server';
import { formatDateTime, formatMnt } from '~/lib/format';
import { privatePageMeta } from '~/lib/meta';
import { rememberPaidRail } from '~/lib/pay-preference';
import type { Route } from './+types/invoice';

const t = mn.checkout;

/** The member's own invoice (another member's is not found: the API answers 404). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return { invoice: await requireSignedIn(request, context.api.invoice(params.slug)) };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = () => privatePageMeta(t.invoiceTitle);

const amountOf = (mnt: number, credits: number) => (credits > 0 ? mn.offers.credits(credits) : formatMnt(mnt));

/**
 * `/invoice/:slug`: what was bought, for how much, its state and attempts; pay it while pending.
 * A refunded invoice says when and that the money is on its way back; a card check («Карт
 * нэмэх») says what became of its charge and leads to the saved cards, not the library.
 */
export default function InvoicePage({ loaderData }: Route.ComponentProps) {
  const { invoice } = loaderData;
  const pending = invoice.payments.findLast((p) => p.status === 'pending');
  const paid = invoice.payments.find((p) => p.status === 'paid');
  const cardCheck = isCardCheck(invoice);
  const note = cardCheck
    ? cardCheckNote(
        invoice,
        invoice.payments.find((p) => p.paid_at !== null),
      )
    : invoice.status === 'refunded'
      ? t.refundedLead
      : null;
  const credits = invoice.lines.some((line) => line.item_type === 'credit_pack');
  useEffect(() => rememberPaidRail(paid), [paid]);
  return (
    <div className="mx-auto max-w-2xl px-4 pt-6 pb-12 lg:pt-10">
      <p className="text-sm text-muted">
        <Link to="/settings/invoices" className="hover:text-brand">
          {mn.settings.title}
        </Link>{' '}
        / {t.invoiceTitle}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight">{t.invoiceTitle}</h1>
        <StatusBadge status={invoice.status} />
      </div>
      <p className="mt-1 font-mono text-xs text-muted">{invoice.id}</p>

      <section className="mt-6 rounded-2xl border border-line bg-white">
        <h2 className="sr-only">{t.items}</h2>
        <ul className="divide-y divide-line">
          {invoice.lines.map((line) => (
            <li
              key={`${line.item_type}:${line.item_id}`}
              className="flex items-baseline justify-between gap-4 px-5 py-4"
            >
              <span>
                <span className="font-semibold">{line.title}</span>
                {line.format && line.format in mn.offers.formats ? (
                  <span className="ml-2 text-sm text-muted">
                    {mn.offers.formats[line.format as keyof typeof mn.offers.formats]}
                  </span>
                ) : null}
              </span>
              <span className="font-semibold whitespace-nowrap">{amountOf(line.amount_mnt, line.amount_credits)}</span>
            </li>
          ))}
        </ul>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 border-t border-line px-5 py-4 text-sm">
          <dt className="text-muted">{t.amount}</dt>
          <dd className="text-right text-lg font-extrabold">{amountOf(invoice.amount_mnt, invoice.amount_credits)}</dd>
          <dt className="text-muted">{t.createdAt}</dt>
          <dd className="text-right">{formatDateTime(invoice.created_at)}</dd>
          {invoice.paid_at ? (
            <>
              <dt className="text-muted">{t.paidAt}</dt>
              <dd className="text-right">{formatDateTime(invoice.paid_at)}</dd>
            </>
          ) : null}
          {invoice.status === 'refunded' && invoice.refunded_at ? (
            <>
              <dt className="text-muted">{t.refundedAt}</dt>
              <dd className="text-right">{formatDateTime(invoice.refunded_at)}</dd>
            </>
          ) : null}
        </dl>
      </section>

      {note ? <p className="mt-6 rounded-2xl bg-surface px-5 py-4 text-sm">{note}</p> : null}

      {invoice.receipt ? (
        <section className="mt-6 flex flex-wrap items-center gap-5 rounded-2xl border border-line bg-white p-5">
          <img
            src={invoice.receipt.qr_image}
            alt={t.receiptQr}
            width={120}
            height={120}
            className="size-30 rounded-lg border border-line"
          />
          <dl className="grid gap-1 text-sm">
            <dt className="font-bold">{t.receiptTitle}</dt>
            <dd className="text-muted">{formatDateTime(invoice.receipt.issued_at)}</dd>
            <dt className="mt-2 text-muted">{t.receiptLottery}</dt>
            <dd className="text-xl font-extrabold tracking-wider">{invoice.receipt.lottery ?? '—'}</dd>
            <dt className="mt-2 text-muted">{t.receiptBillId}</dt>
            <dd className="font-mono text-xs break-all">{invoice.receipt.bill_id}</dd>
          </dl>
        </section>
      ) : invoice.status === 'paid' && invoice.amount_mnt > 0 && !cardCheck ? (
        <p className="mt-6 rounded-2xl bg-surface px-5 py-4 text-sm text-muted">{t.receiptPending}</p>
      ) : null}

      {invoice.status === 'pending' && invoice.amount_mnt > 0 ? (
        <section className="mt-6 rounded-2xl bg-surface p-5">
          <h2 className="font-bold">{t.payAgain}</h2>
          <div className="mt-3">
            <PayInvoice invoice={invoice} pending={pending} />
          </div>
        </section>
      ) : null}

      {invoice.status === 'paid' || (cardCheck && invoice.status === 'refunded') ? (
        <Link
          to={cardCheck ? SAVED_CARDS_PATH : credits ? '/settings/credit-transactions' : '/my-library/books'}
          className="mt-6 inline-flex h-11 items-center justify-center rounded-full bg-brand px-6 font-semibold text-white hover:bg-brand-dark"
        >
          {cardCheck ? t.cardCheck.toCards : credits ? t.rails.credits : t.openLibrary}
        </Link>
      ) : null}

      {invoice.payments.length > 0 ? (
        <section className="mt-8">
          <h2 className="font-bold">{t.paymentTitle}</h2>
          <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white">
            {invoice.payments.map((payment) => (
              <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm">
                <span className="font-semibold">{t.rails[payment.rail]}</span>
                <span className="text-muted">{formatDateTime(payment.created_at)}</span>
                <StatusBadge status={payment.status} />
                {payment.failure ? <p className="w-full text-red-700">{payment.failure}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
