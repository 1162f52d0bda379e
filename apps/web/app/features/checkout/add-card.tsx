import { useState } from 'react';
import { isApiError } from '@nomsan/contracts/client';
import { mn } from '@nomsan/contracts/messages';
import { browserApi } from '~/lib/browser-api';
import { buttonClass } from '~/ui/buttons';
import { FormMessage } from '~/ui/form';

/**
 * Saves a card without buying anything: the bank's page takes a small charge (given back at
 * once) and keeps the card as a token for one-tap payments.
 */
export function AddCardButton() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function start() {
    setBusy(true);
    setError(null);
    try {
      const payment = await browserApi().startCardSave();
      if (payment.next_action?.kind === 'redirect') return window.location.assign(payment.next_action.url);
      setError(mn.money.failures.error);
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : mn.errors.UNAVAILABLE);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div>
      <button type="button" onClick={() => void start()} disabled={busy} className={buttonClass('primary', 'md')}>
        {busy ? mn.checkout.working : mn.checkout.addCard}
      </button>
      <p className="mt-2 text-xs text-muted">{mn.checkout.addCardHint}</p>
      {error ? (
        <div className="mt-2">
          <FormMessage>{error}</FormMessage>
        </div>
      ) : null}
    </div>
  );
}
