import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '@nomsan/contracts/client';
import { mn } from '@nomsan/contracts/messages';
import type { savedCard } from '@nomsan/contracts/money';
import type { SubscriptionPurchase } from '@nomsan/contracts/subscriptions';
import { browserApi } from '~/lib/browser-api';
import { formatMnt } from '~/lib/format';
import { payChoices } from '~/lib/pay-preference';
import { buttonClass } from '~/ui/buttons';

const t = mn.subscriptionPages;

type SavedCard = z.infer<typeof savedCard>;

/** What is being subscribed to: a plan, at a price, perhaps on a running offer. */
export interface SubscribeTarget {
  planId: number;
  title: string;
  priceMnt: number;
  offerId?: number;
  /** a promo code's discount on the first period (`priceMnt` is the price after it) */
  code?: string;
  /** an auto-renew offer is taken on a card only (the API refuses QPay for it) */
  cardOnly?: boolean;
}

/** How the member pays: a saved card, a new card on the bank's page (both renew), or QPay once. */
type Way = { kind: 'card'; cardId: string } | { kind: 'new-card' } | { kind: 'qpay' };

function subscribe(target: SubscribeTarget, way: Way, key: string): Promise<SubscriptionPurchase> {
  const api = browserApi().subscriptions;
  const offer = {
    ...(target.offerId === undefined ? {} : { offer_id: target.offerId }),
    ...(target.code === undefined ? {} : { code: target.code }),
  };
  if (way.kind === 'qpay') return api.subscribePeriod({ plan_id: target.planId, rail: 'qpay', ...offer }, key);
  return api.subscribeGolomt(
    { plan_id: target.planId, ...(way.kind === 'card' ? { card_id: way.cardId } : {}), ...offer },
    key,
  );
}

/**
 * Taking a subscription: choose the way to pay, then the bank's page (a new card), or the
 * invoice's page, which shows the QR and follows the payment (QPay, or a saved card's charge).
 * The member's most recent way to pay is chosen first: their most recently used saved card, else
 * a new card or QPay as they last paid here. One Idempotency-Key per attempt, kept across
 * retries of it, and the pay button disabled while its request is out: a double tap sends once.
 */
export function SubscribeSheet({ target, onClose }: { target: SubscribeTarget; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const navigate = useNavigate();
  /** null until the member's cards are known: the way chosen first may be one of them */
  const [cards, setCards] = useState<SavedCard[] | null>(null);
  const [way, setWay] = useState<Way>(target.cardOnly ? { kind: 'new-card' } : { kind: 'qpay' });
  const [stage, setStage] = useState<'choose' | 'working' | 'redirecting'>('choose');
  const [error, setError] = useState<string | null>(null);
  const attemptKey = useRef<string | null>(null);
  /** a request is out: a second tap before the sheet re-renders sends nothing */
  const inFlight = useRef(false);
  /** the member picked a way: what loads afterwards does not change it */
  const picked = useRef(false);

  useEffect(() => {
    dialog.current?.showModal();
    void payChoices(() => browserApi().savedCards()).then(({ cards: usable, first }) => {
      setCards(usable);
      if (!first || picked.current) return;
      if ('cardId' in first) setWay({ kind: 'card', cardId: first.cardId });
      else if (first.rail === 'golomt') setWay({ kind: 'new-card' });
    });
  }, []);

  async function pay() {
    if (inFlight.current) return;
    inFlight.current = true;
    setError(null);
    attemptKey.current ??= crypto.randomUUID();
    setStage('working');
    try {
      const result = await subscribe(target, way, attemptKey.current);
      const action = result.payment?.next_action;
      if (action?.kind === 'redirect') {
        setStage('redirecting');
        window.location.assign(action.url);
        return;
      }
      attemptKey.current = null;
      void navigate(`/invoice/${result.invoice.id}`);
    } catch (caught) {
      // a refusal ends this attempt; a network failure may be retried with the same key
      if (isApiError(caught)) attemptKey.current = null;
      setError(isApiError(caught) ? caught.message : mn.errors.UNAVAILABLE);
      setStage('choose');
    } finally {
      inFlight.current = false;
    }
  }

  const choices: { way: Way; label: string; hint: string }[] = [
    ...(cards ?? []).map((card) => ({
      way: { kind: 'card', cardId: card.id } as const,
      label: t.savedCard(`${card.brand} ${card.masked_number}`.trim()),
      hint: t.savedCardHint,
    })),
    { way: { kind: 'new-card' }, label: t.newCard, hint: t.newCardHint },
    ...(target.cardOnly ? [] : [{ way: { kind: 'qpay' } as const, label: t.qpay, hint: t.qpayHint }]),
  ];
  const working = stage === 'working';
  const same = (a: Way, b: Way) =>
    a.kind === b.kind && (a.kind !== 'card' || b.kind !== 'card' || a.cardId === b.cardId);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-1.5rem))] rounded-3xl bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50"
    >
      <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">{t.subscribe}</p>
          <h2 id={headingId} className="truncate text-lg font-bold">
            {target.title}
          </h2>
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
        {stage !== 'redirecting' ? (
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
                {choices.map((choice) => (
                  <li
                    key={choice.way.kind === 'card' ? choice.way.cardId : choice.way.kind}
                    className={`rounded-2xl border px-4 py-3 ${same(way, choice.way) ? 'border-brand bg-brand-soft/40' : 'border-line'}`}
                  >
                    <label className="flex cursor-pointer items-start gap-3">
                      <input
                        type="radio"
                        name="subscribe-way"
                        checked={same(way, choice.way)}
                        onChange={() => {
                          picked.current = true;
                          setWay(choice.way);
                        }}
                        className="mt-1 size-4 accent-brand"
                      />
                      <span className="min-w-0">
                        <span className="block font-semibold">{choice.label}</span>
                        <span className="block text-sm text-muted">{choice.hint}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            {target.offerId === undefined && target.code === undefined ? (
              <Link
                to={`/subscription/unitel?plan=${target.planId}`}
                className="mt-2 block rounded-2xl border border-line px-4 py-3 hover:border-brand"
              >
                <span className="block font-semibold">{mn.unitel.page.sheetLink}</span>
                <span className="block text-sm text-muted">{mn.unitel.page.sheetHint}</span>
              </Link>
            ) : null}
            {target.cardOnly ? <p className="mt-3 text-sm text-muted">{t.cardOnly}</p> : null}
            {target.code ? (
              <p className="mt-3 text-sm text-green-800">
                {t.codeApplied}: <span className="font-mono font-semibold">{target.code}</span> · {t.codeFirstPeriod}
              </p>
            ) : null}
            {error ? (
              <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700">
                {error}
              </p>
            ) : null}
            <button
              type="submit"
              disabled={working || cards === null}
              className={buttonClass('primary', 'lg', 'mt-5 w-full')}
            >
              {working ? t.working : t.pay(formatMnt(target.priceMnt))}
            </button>
          </form>
        ) : (
          <p role="status" className="py-10 text-center text-muted">
            {t.toBank}
          </p>
        )}
      </div>
    </dialog>
  );
}
