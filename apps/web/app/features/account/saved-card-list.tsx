import { useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { z } from 'zod';
import type { savedCard } from '@nomsan/contracts/money';
import { mn } from '@nomsan/contracts/messages';
import { formatDate } from '~/lib/format';
import type { ActionResult } from '~/lib/form';
import { useRetryWait } from '~/lib/retry-wait';
import { buttonClass } from '~/ui/buttons';
import { FormMessage } from '~/ui/form';
import { CreditCardIcon } from '~/ui/icons';
import { FormAlert } from '~/ui/retry-notice';

export type SavedCard = z.infer<typeof savedCard>;

const t = mn.moneyPages;
export const REMOVE_CARD_FETCHER = 'remove-card';

/** 'Visa 411111******1111': how a card is named on the page and in its messages */
export const cardLabel = (card: SavedCard) => `${card.brand} ${card.masked_number}`.trim();

/**
 * The member's saved cards, newest first; each is forgotten after a confirmation (the gateway's
 * token goes, nothing else changes).
 */
export function SavedCardList({ cards }: { cards: SavedCard[] }) {
  const fetcher = useFetcher<ActionResult<{ removed: string }>>({ key: REMOVE_CARD_FETCHER });
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const retry = useRetryWait(result);
  return (
    <div className="space-y-4">
      {result?.ok ? <FormMessage tone="success">{t.cardRemoved(result.removed)}</FormMessage> : null}
      <FormAlert
        message={result && !result.ok && !retry.over ? result.message : null}
        wait={retry.wait}
        onWaitEnd={retry.end}
      />
      {cards.length === 0 ? (
        <div className="rounded-2xl bg-surface px-6 py-10 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-xl bg-white text-muted">
            <CreditCardIcon />
          </span>
          <p className="mt-3 font-bold">{t.cardsEmptyTitle}</p>
          <p className="mx-auto mt-2 max-w-md text-sm text-muted">{t.cardsEmptyHint(mn.checkout.saveCard)}</p>
        </div>
      ) : (
        <ul aria-label={t.cards} className="divide-y divide-line rounded-2xl border border-line">
          {cards.map((card) => (
            <CardRow key={card.id} card={card} waiting={retry.wait !== null} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CardRow({ card, waiting }: { card: SavedCard; waiting: boolean }) {
  const fetcher = useFetcher({ key: REMOVE_CARD_FETCHER });
  const [confirming, setConfirming] = useState(false);
  const removeRef = useRef<HTMLButtonElement>(null);
  const cancel = () => {
    setConfirming(false);
    requestAnimationFrame(() => removeRef.current?.focus());
  };
  const pending = fetcher.state !== 'idle' && fetcher.formData?.get('id') === card.id;
  const label = cardLabel(card);
  const questionId = `remove-card-${card.id}`;

  return (
    <li className="flex gap-4 p-4 sm:p-5" aria-label={label}>
      <span className="hidden size-11 shrink-0 items-center justify-center rounded-xl bg-surface text-muted sm:inline-flex">
        <CreditCardIcon />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="flex flex-wrap items-baseline gap-x-2 font-semibold">
              <span>{card.brand}</span>
              <span className="font-mono text-sm tracking-wider break-all">{card.masked_number}</span>
            </p>
            {card.expiry ? <p className="mt-1 text-sm text-muted">{t.cardExpiry(card.expiry)}</p> : null}
            <p className={`${card.expiry ? '' : 'mt-1 '}text-sm text-muted`}>
              {t.cardAdded(formatDate(card.created_at))}
            </p>
          </div>
          {confirming ? null : (
            <button
              ref={removeRef}
              type="button"
              onClick={() => setConfirming(true)}
              className={buttonClass('secondary', 'sm', 'self-start hover:border-red-600 hover:text-red-700')}
            >
              {t.removeCard}
            </button>
          )}
        </div>
        {confirming ? (
          <fetcher.Form
            method="post"
            role="group"
            aria-labelledby={questionId}
            className="mt-4 rounded-xl bg-red-50 p-4"
          >
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="id" value={card.id} />
            <input type="hidden" name="label" value={label} />
            <p id={questionId} className="text-sm text-red-900">
              {t.removeCardQuestion(label)}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="submit" disabled={pending || waiting} autoFocus className={buttonClass('danger', 'sm')}>
                {t.removeCardConfirm}
              </button>
              <button type="button" onClick={cancel} disabled={pending} className={buttonClass('secondary', 'sm')}>
                {t.cancel}
              </button>
            </div>
          </fetcher.Form>
        ) : null}
      </div>
    </li>
  );
}
