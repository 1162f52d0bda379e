import { payInvoiceRequest, type PayInvoiceRequest, type Payment } from '@nomsan/contracts/money';
import { storedUser } from './auth-store';
import { safe } from './device';

/** a rail a member pays tögrög on (what the pay sheets offer) */
export type PayRail = PayInvoiceRequest['rail'];
const PAY_RAILS: readonly string[] = payInvoiceRequest.shape.rail.options;

const LAST_RAIL_KEY = 'nomsan:last-rail';

interface LastRail {
  user: number;
  rail: PayRail;
  /** when that payment was paid: an older one seen later (an old invoice opened) does not replace it */
  at: string;
}

/**
 * Remembers on this device the rail of a payment seen paid, for the member signed in here: the
 * invoices list carries no rail, and asking the API for the latest paid invoice's payments at
 * every sheet would cost two calls. A payment paid earlier than the one remembered changes nothing.
 */
export function rememberPaidRail(
  payment: Pick<Payment, 'rail' | 'status' | 'paid_at'> | null | undefined,
  storage: Storage = globalThis.localStorage,
): void {
  if (!payment || payment.status !== 'paid' || !payment.paid_at || !PAY_RAILS.includes(payment.rail)) return;
  const user = storedUser(storage)?.id;
  if (user === undefined) return;
  const kept = readLast(storage);
  if (kept && kept.user === user && kept.at >= payment.paid_at) return;
  const next: LastRail = { user, rail: payment.rail as PayRail, at: payment.paid_at };
  safe(() => storage.setItem(LAST_RAIL_KEY, JSON.stringify(next)), undefined);
}

/** the rail the member signed in here last paid with on this device, if any */
export function lastPaidRail(storage: Storage = globalThis.localStorage): PayRail | null {
  const kept = readLast(storage);
  const user = storedUser(storage)?.id;
  return kept && kept.user === user ? kept.rail : null;
}

function readLast(storage: Storage): LastRail | null {
  const raw = safe(() => storage.getItem(LAST_RAIL_KEY), null);
  const value = raw ? safe(() => JSON.parse(raw) as Partial<LastRail> | null, null) : null;
  if (!value || typeof value.user !== 'number' || typeof value.at !== 'string') return null;
  if (typeof value.rail !== 'string' || !PAY_RAILS.includes(value.rail)) return null;
  return { user: value.user, rail: value.rail, at: value.at };
}

/**
 * The way a pay sheet chooses first: the member's most recently used saved card (the API lists
 * cards most recently used first), else the rail they last paid with here, else none (the
 * sheet's own default).
 */
export function firstWay(
  cards: readonly { id: string; rail: string }[],
  last: PayRail | null,
): { cardId: string } | { rail: PayRail } | null {
  const card = cards.find((c) => c.rail === 'golomt');
  if (card) return { cardId: card.id };
  return last ? { rail: last } : null;
}

/**
 * What a pay sheet offers: the member's saved cards (Golomt's, most recently used first; a
 * carrier's consent is kept like a card but is not one; none when they cannot be read), and the
 * way to choose first.
 */
export async function payChoices<C extends { id: string; rail: string }>(
  savedCards: () => Promise<C[]>,
  storage: Storage = globalThis.localStorage,
): Promise<{ cards: C[]; first: ReturnType<typeof firstWay> }> {
  const cards = await savedCards().then(
    (saved) => saved.filter((card) => card.rail === 'golomt'),
    () => [],
  );
  return { cards, first: firstWay(cards, lastPaidRail(storage)) };
}
