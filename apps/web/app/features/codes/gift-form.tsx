import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '@nomsan/contracts/client';
import type { GiftRequest } from '@nomsan/contracts/codes';
import { mn } from '@nomsan/contracts/messages';
import type { creditPack, savedCard } from '@nomsan/contracts/money';
import type { Plan } from '@nomsan/contracts/subscriptions';
import { browserApi } from '~/lib/browser-api';
import { formatMnt } from '~/lib/format';
import { payChoices } from '~/lib/pay-preference';
import { buttonClass } from '~/ui/buttons';
import { FormMessage, TextField } from '~/ui/form';

const t = mn.codePages;

type SavedCard = z.infer<typeof savedCard>;
type CreditPack = z.infer<typeof creditPack>;

/** A gift on sale: a plan's period or a credit pack, at its price. */
type Choice = { gift: GiftRequest['gift']; key: string; label: string; hint: string; priceMnt: number };

/** How the sender pays: QPay (the invoice's page), a new card (the bank's page) or a saved card. */
type Way = { kind: 'qpay' } | { kind: 'new-card' } | { kind: 'card'; cardId: string };

const sameWay = (a: Way, b: Way) =>
  a.kind === b.kind && (a.kind !== 'card' || b.kind !== 'card' || a.cardId === b.cardId);

const radioRow = (active: boolean) =>
  `rounded-2xl border px-4 py-3 ${active ? 'border-brand bg-brand-soft/40' : 'border-line'}`;

/**
 * Buying a gift card: the gift, its recipient (a phone or an e-mail), a message, and the way to
 * pay; then the invoice's page (QPay, a saved card) or the bank's page (a new card). The
 * sender's most recent way to pay is chosen first: their most recently used saved card, else a
 * new card or QPay as they last paid here. One Idempotency-Key per attempt, kept across retries
 * of it, so a double tap makes one invoice.
 */
export function GiftForm({ plans, packs }: { plans: Plan[]; packs: CreditPack[] }) {
  const navigate = useNavigate();
  const choices: Choice[] = [
    ...plans.map((plan) => ({
      gift: { kind: 'plan' as const, plan_id: plan.id },
      key: `plan:${plan.id}`,
      label: plan.name,
      hint: `${mn.subscriptionPages.scopes[plan.scope]} · ${mn.subscriptionPages.months(plan.period_months)}`,
      priceMnt: plan.price_mnt,
    })),
    ...packs.map((pack) => ({
      gift: { kind: 'credits' as const, pack_id: pack.id },
      key: `pack:${pack.id}`,
      label: pack.name,
      hint: t.benefitCredits(pack.credits + pack.bonus_credits),
      priceMnt: pack.price_mnt,
    })),
  ];
  const [chosen, setChosen] = useState<string | null>(null);
  const [by, setBy] = useState<'phone' | 'email'>('phone');
  const [recipient, setRecipient] = useState('');
  const [message, setMessage] = useState('');
  /** null until the sender's cards are known: the way chosen first may be one of them */
  const [cards, setCards] = useState<SavedCard[] | null>(null);
  const [way, setWay] = useState<Way>({ kind: 'qpay' });
  const [stage, setStage] = useState<'choose' | 'working' | 'redirecting'>('choose');
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const attemptKey = useRef<string | null>(null);
  /** the sender picked a way: what loads afterwards does not change it */
  const picked = useRef(false);

  useEffect(() => {
    void payChoices(() => browserApi().savedCards()).then(({ cards: usable, first }) => {
      setCards(usable);
      if (!first || picked.current) return;
      if ('cardId' in first) setWay({ kind: 'card', cardId: first.cardId });
      else if (first.rail === 'golomt') setWay({ kind: 'new-card' });
    });
  }, []);

  const choice = choices.find((c) => c.key === chosen);

  async function pay() {
    setError(null);
    setFields({});
    if (!choice) {
      setError(t.chooseGift);
      return;
    }
    attemptKey.current ??= crypto.randomUUID();
    setStage('working');
    const body: GiftRequest = {
      gift: choice.gift,
      ...(by === 'phone' ? { recipient_phone: recipient.trim() } : { recipient_email: recipient.trim() }),
      ...(message.trim() ? { message: message.trim() } : {}),
      method: 'mnt',
      rail: way.kind === 'qpay' ? 'qpay' : 'golomt',
      ...(way.kind === 'card' ? { card_id: way.cardId } : {}),
    };
    try {
      const result = await browserApi().buyGift(body, attemptKey.current);
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
      if (isApiError(caught)) {
        attemptKey.current = null;
        setFields({ ...caught.fields });
      }
      setError(isApiError(caught) ? caught.message : mn.errors.UNAVAILABLE);
      setStage('choose');
    }
  }

  const ways: { way: Way; label: string; hint: string }[] = [
    { way: { kind: 'qpay' }, label: t.qpay, hint: t.qpayHint },
    ...(cards ?? []).map((card) => ({
      way: { kind: 'card', cardId: card.id } as const,
      label: t.savedCard(`${card.brand} ${card.masked_number}`.trim()),
      hint: t.savedCardHint,
    })),
    { way: { kind: 'new-card' }, label: t.newCard, hint: t.newCardHint },
  ];
  const recipientError = fields.recipient_phone ?? fields.recipient_email;

  if (stage !== 'choose') {
    return (
      <p role="status" className="py-10 text-center text-muted">
        {stage === 'working' ? t.working : t.toBank}
      </p>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
      className="grid gap-6"
    >
      <fieldset>
        <legend className="text-sm font-semibold">{t.giftWhat}</legend>
        {(['plan', 'credits'] as const).map((kind) => {
          const group = choices.filter((c) => c.gift.kind === kind);
          if (group.length === 0) return null;
          return (
            <div key={kind} className="mt-3">
              <p className="text-xs font-semibold tracking-wide text-muted uppercase">
                {kind === 'plan' ? t.giftPlans : t.giftPacks}
              </p>
              <ul className="mt-2 grid gap-2 sm:grid-cols-2">
                {group.map((c) => (
                  <li key={c.key} className={radioRow(chosen === c.key)}>
                    <label className="flex cursor-pointer items-start gap-3">
                      <input
                        type="radio"
                        name="gift"
                        checked={chosen === c.key}
                        onChange={() => setChosen(c.key)}
                        className="mt-1 size-4 accent-brand"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block font-semibold">{c.label}</span>
                        <span className="block text-sm text-muted">{c.hint}</span>
                      </span>
                      <span className="font-bold whitespace-nowrap">{formatMnt(c.priceMnt)}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </fieldset>

      <fieldset>
        <legend className="text-sm font-semibold">{t.recipient}</legend>
        <div
          role="radiogroup"
          aria-label={t.recipient}
          className="mt-3 inline-flex rounded-full border border-line p-1"
        >
          {(['phone', 'email'] as const).map((option) => (
            <label
              key={option}
              className={`cursor-pointer rounded-full px-4 py-1.5 text-sm font-semibold ${
                by === option ? 'bg-brand text-white' : 'text-muted hover:text-ink'
              }`}
            >
              <input
                type="radio"
                name="recipient-by"
                checked={by === option}
                onChange={() => {
                  setBy(option);
                  setRecipient('');
                }}
                className="sr-only"
              />
              {option === 'phone' ? t.byPhone : t.byEmail}
            </label>
          ))}
        </div>
        <TextField
          className="mt-3"
          label={by === 'phone' ? t.recipientPhone : t.recipientEmail}
          type={by === 'phone' ? 'tel' : 'email'}
          inputMode={by === 'phone' ? 'tel' : 'email'}
          autoComplete="off"
          required
          value={recipient}
          onChange={(event) => setRecipient(event.target.value)}
          error={recipientError}
        />
        <label className="mt-4 block">
          <span className="mb-1.5 block text-sm font-semibold">{t.message}</span>
          <textarea
            value={message}
            maxLength={300}
            rows={3}
            onChange={(event) => setMessage(event.target.value)}
            className="w-full rounded-xl border border-line bg-white px-4 py-3 text-base focus:border-brand"
          />
        </label>
      </fieldset>

      <fieldset>
        <legend className="text-sm font-semibold">{t.howToPay}</legend>
        <ul className="mt-3 grid gap-2">
          {ways.map((option) => (
            <li
              key={option.way.kind === 'card' ? option.way.cardId : option.way.kind}
              className={radioRow(sameWay(way, option.way))}
            >
              <label className="flex cursor-pointer items-start gap-3">
                <input
                  type="radio"
                  name="gift-way"
                  checked={sameWay(way, option.way)}
                  onChange={() => {
                    picked.current = true;
                    setWay(option.way);
                  }}
                  className="mt-1 size-4 accent-brand"
                />
                <span className="min-w-0">
                  <span className="block font-semibold">{option.label}</span>
                  <span className="block text-sm text-muted">{option.hint}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      {error ? <FormMessage>{error}</FormMessage> : null}
      <button type="submit" disabled={cards === null} className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
        {choice ? t.pay(formatMnt(choice.priceMnt)) : t.payPlain}
      </button>
    </form>
  );
}
