import { useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { cardLabel } from '~/features/account/saved-card-list';
import { CardCheckResult, isCardCheck } from '~/features/checkout/card-check-result';
import { StatusBadge } from '~/features/checkout/status-badge';
import { requireSignedIn } from '~/lib/auth.server';
import { formatMnt } from '~/lib/format';
import { privatePageMeta } from '~/lib/meta';
import { rememberPaidRail } from '~/lib/pay-preference';
import { CheckIcon } from '~/ui/icons';
import type { Route } from './+types/payment';

const t = mn.checkout;
const POLL_MS = 2_000;
/** how long the page follows a card check's 100₮ being given back (a job, usually seconds) */
const FOLLOW_REFUND_MS = 60_000;

/**
 * Where a rail's page sends the payer back. Reading the payment makes the API ask the rail what
 * happened (the return itself proves nothing), so this page shows the outcome the rail confirms.
 * For «Карт нэмэх» (a card check) it names the card saved: the first of the member's cards, as
 * saving one makes it the most recently used.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const payment = await requireSignedIn(request, context.api.payment(params.slug));
  const invoice = await context.api.invoice(payment.invoice_id);
  const saved =
    isCardCheck(invoice) && (payment.status === 'paid' || payment.status === 'refunded')
      ? (await context.api.savedCards()).find((card) => card.rail === payment.rail)
      : undefined;
  return { payment, invoice, card: saved ? cardLabel(saved) : null };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = () => privatePageMeta(t.paymentTitle);

/** `/payment/:slug`: the outcome of one payment attempt, followed while the rail decides. */
export default function PaymentPage({ loaderData }: Route.ComponentProps) {
  const { payment, invoice, card } = loaderData;
  const revalidator = useRevalidator();
  const cardCheck = isCardCheck(invoice);
  const [openedAt] = useState(() => Date.now());
  const waiting =
    payment.status === 'pending' ||
    // a saved card's check is given back by a job: followed until it is, for a while
    (cardCheck && payment.status === 'paid' && invoice.status !== 'refunded');
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (payment.status !== 'pending' && Date.now() - openedAt > FOLLOW_REFUND_MS) clearInterval(timer);
      else void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, payment.status, openedAt, revalidator]);
  useEffect(() => rememberPaidRail(payment), [payment]);

  if (cardCheck) return <CardCheckResult payment={payment} invoice={invoice} card={card} />;
  const title = invoice.lines.map((line) => line.title).join(', ');
  const credits = invoice.lines.some((line) => line.item_type === 'credit_pack');
  return (
    <div className="mx-auto max-w-lg px-4 pt-10 pb-16 text-center">
      {payment.status === 'paid' ? (
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-green-100 text-green-700">
          <CheckIcon width={32} height={32} />
        </span>
      ) : null}
      <h1 className="mt-4 text-2xl font-extrabold tracking-tight">
        {payment.status === 'paid'
          ? t.paidTitle
          : payment.status === 'pending'
            ? t.waiting
            : payment.status === 'expired'
              ? t.expiredTitle
              : payment.status === 'refunded'
                ? mn.money.refunds.notifyTitle
                : t.failedTitle}
      </h1>
      <p className="mt-2 text-muted">
        {payment.status === 'paid'
          ? credits
            ? title
            : t.paidLead(title)
          : payment.status === 'refunded'
            ? `${title}. ${t.refundedLead}`
            : (payment.failure ?? title)}
      </p>
      <p className="mt-4 flex items-center justify-center gap-3">
        <span className="text-xl font-extrabold">{formatMnt(payment.amount_mnt)}</span>
        <StatusBadge status={payment.status} />
      </p>
      {payment.status === 'pending' ? <p className="mt-2 text-sm text-muted">{t.waitingHint}</p> : null}
      <div className="mt-8 grid gap-2 sm:grid-cols-2">
        {payment.status === 'paid' ? (
          <Link
            to={credits ? '/settings/credit-transactions' : '/my-library/books'}
            className="inline-flex h-11 items-center justify-center rounded-full bg-brand font-semibold text-white hover:bg-brand-dark"
          >
            {credits ? t.rails.credits : t.openLibrary}
          </Link>
        ) : payment.status !== 'pending' && invoice.status === 'pending' ? (
          <Link
            to={`/invoice/${invoice.id}`}
            className="inline-flex h-11 items-center justify-center rounded-full bg-brand font-semibold text-white hover:bg-brand-dark"
          >
            {t.retry}
          </Link>
        ) : null}
        <Link
          to={`/invoice/${invoice.id}`}
          className="inline-flex h-11 items-center justify-center rounded-full border border-line font-semibold hover:border-brand hover:text-brand"
        >
          {t.viewInvoice}
        </Link>
      </div>
    </div>
  );
}
