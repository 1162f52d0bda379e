import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { isApiError } from '@nomsan/contracts/client';
import { mn } from '@nomsan/contracts/messages';
import type { Invoice, Payment } from '@nomsan/contracts/money';
import { browserApi } from '~/lib/browser-api';
import { formatMnt } from '~/lib/format';
import { QrWaiting } from './checkout-sheet';

const t = mn.checkout;
const RAILS = ['qpay', 'golomt', 'socialpay', 'hipay', 'upoint'] as const;
const POLL_MS = 2_000;

/**
 * Paying a pending invoice (again, or on another rail): the rail to use, then the QR or the
 * bank's page. While a payment waits, the page's data is read again every two seconds, so the
 * invoice shows paid as soon as it is.
 */
export function PayInvoice({ invoice, pending }: { invoice: Invoice; pending: Payment | undefined }) {
  const [rail, setRail] = useState<(typeof RAILS)[number]>('qpay');
  const [payment, setPayment] = useState<Payment | undefined>(
    pending?.next_action?.kind === 'qr' ? pending : undefined,
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);
  const revalidator = useRevalidator();

  useEffect(() => {
    if (!payment) return;
    const timer = setInterval(() => void revalidator.revalidate(), POLL_MS);
    return () => clearInterval(timer);
  }, [payment, revalidator]);

  async function pay() {
    setBusy(true);
    setError(null);
    key.current ??= crypto.randomUUID();
    try {
      const started = await browserApi().payInvoice({ invoice_id: invoice.id, rail }, key.current);
      key.current = null;
      if (started.next_action?.kind === 'redirect') return window.location.assign(started.next_action.url);
      setPayment(started);
    } catch (caught) {
      if (isApiError(caught)) key.current = null;
      setError(isApiError(caught) ? caught.message : mn.errors.UNAVAILABLE);
    } finally {
      setBusy(false);
    }
  }

  if (payment) return <QrWaiting action={payment.next_action} amountMnt={invoice.amount_mnt} />;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold">{t.rail}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {RAILS.map((option) => (
            <label
              key={option}
              className={`flex cursor-pointer items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold ${
                rail === option ? 'border-brand bg-brand-soft text-brand' : 'border-line'
              }`}
            >
              <input
                type="radio"
                name="rail"
                value={option}
                checked={rail === option}
                onChange={() => setRail(option)}
                className="accent-brand"
              />
              {t.rails[option]}
            </label>
          ))}
        </div>
      </fieldset>
      {error ? (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className="mt-4 inline-flex h-11 items-center justify-center rounded-full bg-brand px-6 font-semibold text-white hover:bg-brand-dark disabled:bg-brand/50"
      >
        {busy ? t.working : t.payMnt(formatMnt(invoice.amount_mnt))}
      </button>
    </form>
  );
}
