import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '@nomsan/contracts/client';
import { mn } from '@nomsan/contracts/messages';
import type { NextAction, PurchaseResult } from '@nomsan/contracts/money';
import { browserApi } from '~/lib/browser-api';
import { formatMnt } from '~/lib/format';
import { payChoices, rememberPaidRail } from '~/lib/pay-preference';
import { CheckIcon } from '~/ui/icons';
import { nextStage, type Stage } from './stage';

const t = mn.checkout;

/** What is being bought: a book in a format, a summary, a bundle or a credit pack. */
export type CheckoutTarget =
  | { kind: 'book'; id: number; format: 'audiobook' | 'ebook' }
  | { kind: 'rental'; id: number; format: 'audiobook' | 'ebook' }
  | { kind: 'summary'; id: number }
  | { kind: 'bundle'; id: number }
  | { kind: 'credit_pack'; id: number };

/** How the member chose to pay. */
type Way =
  | { method: 'credits' }
  | { method: 'mnt'; rail: 'qpay' | 'golomt' | 'socialpay' | 'hipay' | 'upoint'; cardId?: string };

interface SavedCard {
  id: string;
  rail: string;
  masked_number: string;
  brand: string;
}

const POLL_MS = 2_000;

function purchase(target: CheckoutTarget, way: Way, saveCard: boolean, key: string): Promise<PurchaseResult> {
  const api = browserApi();
  const mnt =
    way.method === 'mnt'
      ? {
          method: 'mnt' as const,
          rail: way.rail,
          ...(way.cardId ? { card_id: way.cardId } : {}),
          ...(way.rail === 'golomt' && !way.cardId && saveCard ? { save_card: true } : {}),
        }
      : null;
  switch (target.kind) {
    case 'book':
      return api.purchaseBook(
        target.id,
        mnt ? { ...mnt, format: target.format } : { method: 'credits', format: target.format },
        key,
      );
    case 'rental':
      return api.rentBook(
        target.id,
        mnt ? { ...mnt, format: target.format } : { method: 'credits', format: target.format },
        key,
      );
    case 'summary':
      return api.purchaseSummary(target.id, mnt ?? { method: 'credits' }, key);
    case 'bundle':
      return api.purchaseBundle(target.id, mnt ?? { method: 'credits' }, key);
    case 'credit_pack':
      if (!mnt) throw new Error('a credit pack is paid in tögrög');
      return api.purchaseCreditPack({ ...mnt, pack_id: target.id }, key);
  }
}

/**
 * The checkout sheet: choose how to pay (₮ on QPay, a card, a saved card in one tap, SocialPay,
 * or credits with the balance shown), then follow the invoice: the QR and bank buttons while
 * it waits, the bank's page for a card, a thank-you when paid, and a retry when it failed or
 * expired. The member's most recent way to pay is chosen first: their most recently used saved
 * card, else the rail they last paid with here. One Idempotency-Key per attempt, so a retried
 * request makes one invoice, and the pay button is disabled while its request is out, so a
 * double tap sends one.
 */
export function CheckoutSheet({
  target,
  title,
  kind,
  priceMnt,
  creditPrice,
  credits,
  onClose,
}: {
  target: CheckoutTarget;
  /** what is bought: a title's or a pack's name */
  title: string;
  /** how it is bought, on its own line under the title: the format, a rental's days (each kept whole) */
  kind?: string[];
  priceMnt: number | null;
  creditPrice: number | null;
  /** for a credit pack: the credits it gives, said on the thank-you */
  credits?: number;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const kindId = useId();
  const [stage, setStage] = useState<Stage>({ name: 'choose' });
  const [balance, setBalance] = useState<number | null>(null);
  /** null until the member's cards are known: the way chosen first may be one of them */
  const [cards, setCards] = useState<SavedCard[] | null>(priceMnt === null ? [] : null);
  const [way, setWay] = useState<Way>(priceMnt === null ? { method: 'credits' } : { method: 'mnt', rail: 'qpay' });
  const [saveCard, setSaveCard] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const attemptKey = useRef<string | null>(null);
  /** a request is out: a second tap before the sheet re-renders sends nothing */
  const inFlight = useRef(false);
  /** the member picked a way: what loads afterwards does not change it */
  const picked = useRef(false);
  const choose = (next: Way) => {
    picked.current = true;
    setWay(next);
  };

  useEffect(() => {
    dialog.current?.showModal();
    const api = browserApi();
    if (creditPrice !== null) {
      api.creditSummary().then(
        (summary) => setBalance(summary.balance),
        () => setBalance(null),
      );
    }
    if (priceMnt === null) return;
    void payChoices(() => api.savedCards()).then(({ cards: usable, first }) => {
      setCards(usable);
      if (!first || picked.current) return;
      setWay(
        'cardId' in first
          ? { method: 'mnt', rail: 'golomt', cardId: first.cardId }
          : { method: 'mnt', rail: first.rail },
      );
    });
  }, [creditPrice, priceMnt]);

  const paidPayment = stage.name === 'paid' ? stage.result.payment : null;
  useEffect(() => rememberPaidRail(paidPayment), [paidPayment]);

  // While an invoice waits (a QR shown), follow it until it is paid, fails or expires.
  const waitingFor = stage.name === 'waiting' ? stage.result.invoice.id : null;
  useEffect(() => {
    if (!waitingFor) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      browserApi()
        .invoice(waitingFor, { signal: controller.signal })
        .then((invoice) => setStage((current) => nextStage(current, invoice)))
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [waitingFor]);

  async function pay() {
    if (inFlight.current) return;
    inFlight.current = true;
    setError(null);
    attemptKey.current ??= crypto.randomUUID();
    setStage({ name: 'working' });
    try {
      const result = await purchase(target, way, saveCard, attemptKey.current);
      const action = result.payment?.next_action;
      if (action?.kind === 'redirect') {
        setStage({ name: 'redirecting' });
        window.location.assign(action.url);
        return;
      }
      const stage = nextStage(
        { name: 'waiting', result },
        { ...result.invoice, payments: result.payment ? [result.payment] : [] },
      );
      // a new attempt after this one (a retry) is a new purchase, with a new key
      if (stage.name !== 'waiting') attemptKey.current = null;
      setStage(stage);
    } catch (caught) {
      // a refusal is final for this attempt; a network error may be retried with the same key
      if (isApiError(caught)) attemptKey.current = null;
      setError(isApiError(caught) ? caught.message : mn.errors.UNAVAILABLE);
      setStage({ name: 'choose' });
    } finally {
      inFlight.current = false;
    }
  }

  const retry = () => {
    attemptKey.current = null;
    setError(null);
    setStage({ name: 'choose' });
  };

  const short = creditPrice !== null && balance !== null && balance < creditPrice;
  const working = stage.name === 'working';
  return (
    <dialog
      ref={dialog}
      aria-labelledby={kind?.length ? `${headingId} ${kindId}` : headingId}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-1.5rem))] rounded-3xl bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50"
    >
      <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">{t.title}</p>
          {/* a long title wraps (a phone shows it whole, up to three lines); the kind never hides */}
          <h2 id={headingId} className="line-clamp-3 text-lg leading-snug font-bold break-words">
            {title}
          </h2>
          {kind?.length ? (
            <p id={kindId} className="mt-1 text-sm font-semibold text-brand">
              {kind.map((part, index) => (
                <Fragment key={part}>
                  {index > 0 ? ' · ' : null}
                  <span className="whitespace-nowrap">{part}</span>
                </Fragment>
              ))}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="h-9 shrink-0 rounded-full px-3 text-sm font-semibold text-muted hover:bg-surface"
        >
          {t.close}
        </button>
      </div>
      <div className="px-5 py-5">
        {stage.name === 'choose' || working ? (
          <form
            aria-busy={working}
            onSubmit={(event) => {
              event.preventDefault();
              void pay();
            }}
          >
            <fieldset disabled={working}>
              <legend className="text-sm font-semibold">{t.howToPay}</legend>
              <ul className="mt-3 grid gap-2">
                {creditPrice !== null && target.kind !== 'credit_pack' ? (
                  <Choice
                    checked={way.method === 'credits'}
                    onSelect={() => choose({ method: 'credits' })}
                    label={t.payCredits(creditPrice)}
                    hint={balance === null ? undefined : t.balance(balance)}
                    disabled={short}
                  >
                    {short ? (
                      <p className="mt-1 text-xs text-red-600">
                        {t.notEnoughCredits} ·{' '}
                        <Link to="/settings/credit-transactions" className="font-semibold text-brand underline">
                          {t.buyCredits}
                        </Link>
                      </p>
                    ) : null}
                  </Choice>
                ) : null}
                {priceMnt !== null ? (
                  <>
                    <Choice
                      checked={way.method === 'mnt' && way.rail === 'qpay'}
                      onSelect={() => choose({ method: 'mnt', rail: 'qpay' })}
                      label={t.rails.qpay}
                      hint={t.railHints.qpay}
                    />
                    {(cards ?? []).map((card) => (
                      <Choice
                        key={card.id}
                        checked={way.method === 'mnt' && way.cardId === card.id}
                        onSelect={() => choose({ method: 'mnt', rail: 'golomt', cardId: card.id })}
                        label={t.savedCard(card.masked_number)}
                        hint={card.brand}
                      />
                    ))}
                    <Choice
                      checked={way.method === 'mnt' && way.rail === 'golomt' && !way.cardId}
                      onSelect={() => choose({ method: 'mnt', rail: 'golomt' })}
                      label={t.rails.golomt}
                      hint={t.railHints.golomt}
                    >
                      {way.method === 'mnt' && way.rail === 'golomt' && !way.cardId ? (
                        <label className="mt-2 flex items-center gap-2 text-sm">
                          <input
                            type="checkbox"
                            checked={saveCard}
                            onChange={(event) => setSaveCard(event.target.checked)}
                            className="size-4 accent-brand"
                          />
                          {t.saveCard}
                        </label>
                      ) : null}
                    </Choice>
                    <Choice
                      checked={way.method === 'mnt' && way.rail === 'socialpay'}
                      onSelect={() => choose({ method: 'mnt', rail: 'socialpay' })}
                      label={t.rails.socialpay}
                      hint={t.railHints.socialpay}
                    />
                    <Choice
                      checked={way.method === 'mnt' && way.rail === 'hipay'}
                      onSelect={() => choose({ method: 'mnt', rail: 'hipay' })}
                      label={t.rails.hipay}
                      hint={t.railHints.hipay}
                    />
                    <Choice
                      checked={way.method === 'mnt' && way.rail === 'upoint'}
                      onSelect={() => choose({ method: 'mnt', rail: 'upoint' })}
                      label={t.rails.upoint}
                      hint={t.railHints.upoint}
                    />
                  </>
                ) : null}
              </ul>
            </fieldset>
            {error ? (
              <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700">
                {error}
              </p>
            ) : null}
            <button
              type="submit"
              disabled={working || cards === null || (way.method === 'credits' && short)}
              className="mt-5 inline-flex h-12 w-full items-center justify-center rounded-full bg-brand font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:bg-brand/50"
            >
              {working
                ? t.working
                : way.method === 'credits' && creditPrice !== null
                  ? t.payCredits(creditPrice)
                  : t.payMnt(formatMnt(priceMnt ?? 0))}
            </button>
          </form>
        ) : null}

        {stage.name === 'redirecting' ? (
          <p role="status" className="py-10 text-center text-muted">
            {t.toHostedPage}
          </p>
        ) : null}

        {stage.name === 'waiting' ? (
          <QrWaiting action={stage.result.payment?.next_action ?? null} amountMnt={stage.result.invoice.amount_mnt} />
        ) : null}

        {stage.name === 'paid' ? (
          <div role="status" className="py-4 text-center">
            <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-green-100 text-green-700">
              <CheckIcon width={28} height={28} />
            </span>
            <h3 className="mt-4 text-xl font-bold">{t.paidTitle}</h3>
            <p className="mt-2 text-muted">
              {target.kind === 'credit_pack' && credits !== undefined ? t.paidCredits(credits) : t.paidLead(title)}
            </p>
            <div className="mt-6 grid gap-2 sm:grid-cols-2">
              <Link
                to={target.kind === 'credit_pack' ? '/settings/credit-transactions' : '/my-library/books'}
                className="inline-flex h-11 items-center justify-center rounded-full bg-brand font-semibold text-white hover:bg-brand-dark"
              >
                {target.kind === 'credit_pack' ? mn.checkout.rails.credits : t.openLibrary}
              </Link>
              <Link
                to={`/invoice/${stage.result.invoice.id}`}
                className="inline-flex h-11 items-center justify-center rounded-full border border-line font-semibold hover:border-brand hover:text-brand"
              >
                {t.viewInvoice}
              </Link>
            </div>
          </div>
        ) : null}

        {stage.name === 'refunded' ? (
          <div role="status" className="py-4 text-center">
            <h3 className="text-xl font-bold">{mn.money.refunds.notifyTitle}</h3>
            <p className="mt-2 text-muted">{t.refundedLead}</p>
            <Link
              to={`/invoice/${stage.result.invoice.id}`}
              className="mt-6 inline-flex h-11 w-full items-center justify-center rounded-full border border-line font-semibold hover:border-brand hover:text-brand"
            >
              {t.viewInvoice}
            </Link>
          </div>
        ) : null}

        {stage.name === 'failed' || stage.name === 'expired' ? (
          <div role="alert" className="py-4 text-center">
            <h3 className="text-xl font-bold">{stage.name === 'failed' ? t.failedTitle : t.expiredTitle}</h3>
            {stage.name === 'failed' ? <p className="mt-2 text-muted">{stage.message}</p> : null}
            <button
              type="button"
              onClick={retry}
              className="mt-6 inline-flex h-11 w-full items-center justify-center rounded-full bg-brand font-semibold text-white hover:bg-brand-dark"
            >
              {t.retry}
            </button>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}

/** One way to pay, as a radio with its hint (and what it needs below, when chosen). */
function Choice({
  checked,
  onSelect,
  label,
  hint,
  disabled = false,
  children,
}: {
  checked: boolean;
  onSelect: () => void;
  label: string;
  hint?: string;
  disabled?: boolean;
  children?: React.ReactNode;
}) {
  const name = 'checkout-way';
  return (
    <li
      className={`rounded-2xl border px-4 py-3 ${checked ? 'border-brand bg-brand-soft/40' : 'border-line'} ${disabled ? 'opacity-70' : ''}`}
    >
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="radio"
          name={name}
          checked={checked}
          disabled={disabled}
          onChange={onSelect}
          className="mt-1 size-4 accent-brand"
        />
        <span className="min-w-0">
          <span className="block font-semibold">{label}</span>
          {hint ? <span className="block text-sm text-muted">{hint}</span> : null}
        </span>
      </label>
      {children}
    </li>
  );
}

/** A QPay invoice waiting: the QR to scan, and the bank apps to open it in on a phone. */
export function QrWaiting({ action, amountMnt }: { action: NextAction | null; amountMnt: number }) {
  if (!action || action.kind !== 'qr') {
    return (
      <p role="status" className="py-10 text-center text-muted">
        {t.waiting}
      </p>
    );
  }
  return (
    <div>
      <p className="text-center text-sm font-semibold">{t.scanQr}</p>
      <img
        src={action.qr_image}
        alt={t.scanQr}
        width={220}
        height={220}
        className="mx-auto mt-3 size-56 rounded-xl border border-line"
      />
      <p className="mt-2 text-center text-2xl font-extrabold">{formatMnt(amountMnt)}</p>
      <p className="mt-4 text-sm font-semibold">{t.orOpenBank}</p>
      <ul className="mt-2 grid grid-cols-2 gap-2">
        {action.deeplinks.map((bank) => (
          <li key={bank.name}>
            <a
              href={bank.link}
              className="flex h-11 items-center gap-2 rounded-xl border border-line px-3 text-sm font-semibold hover:border-brand hover:text-brand"
            >
              <img src={bank.logo} alt="" width={24} height={24} className="size-6 rounded" />
              <span className="truncate">{bank.description}</span>
            </a>
          </li>
        ))}
      </ul>
      <p role="status" className="mt-4 text-center text-sm text-muted">
        {t.waiting} {t.waitingHint}
      </p>
    </div>
  );
}
