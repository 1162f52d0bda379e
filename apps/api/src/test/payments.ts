import type { FastifyInstance } from 'fastify';
import { runQueuedJobs } from './jobs';

/** A purchase's answer as far as paying it goes: its payment's next action. */
interface Started {
  payment?: { next_action?: { kind: string; deeplinks?: { link: string }[] } | null } | null;
}

/**
 * Pays a started purchase's QPay invoice as the sandbox bank app does: posts its first bank
 * deeplink (what the invoice page's "Төлөх" sends). Throws when the purchase is not a QR.
 */
export async function payByQpay(app: FastifyInstance, started: Started): Promise<void> {
  const action = started.payment?.next_action;
  const link = action?.kind === 'qr' ? action.deeplinks?.[0]?.link : undefined;
  if (!link) throw new Error('expected a QR with a bank deeplink');
  const url = new URL(link);
  const paid = await app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  if (paid.statusCode !== 200) throw new Error(`the sandbox bank answered ${paid.statusCode}: ${paid.body}`);
}

/**
 * Saves a test card for a member as Settings' "Карт нэмэх" does: Golomt's page takes the card
 * (a 100₮ check, given back by the refund job, run here), and answers the saved card's id.
 */
export async function saveCardAtGolomt(
  app: FastifyInstance,
  member: { token: string },
  cardNumber = '4111 1111 1111 1111',
): Promise<string> {
  const headers = { authorization: `Bearer ${member.token}`, 'idempotency-key': crypto.randomUUID() };
  const started = await app.inject({ method: 'POST', url: '/v4/billing/payment-gateways/golomt-v2/cards', headers });
  const payment = started.json().data as { id: string; next_action: { kind: string; url?: string } | null };
  if (payment.next_action?.kind !== 'redirect' || !payment.next_action.url)
    throw new Error(`expected the bank page: ${started.body}`);
  const page = new URL(payment.next_action.url);
  await app.inject({
    method: 'POST',
    url: `${page.pathname}${page.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber, holder: 'BOLD', expiry: '12/30', cvv: '123' }).toString(),
  });
  await app.inject({ url: `/v4/billing/payments/${payment.id}`, headers });
  await runQueuedJobs(app);
  const cards = (await app.inject({ url: '/v4/billing/payment-gateways/golomt-v2/cards', headers })).json().data as {
    id: string;
  }[];
  if (!cards[0]) throw new Error('the card was not saved');
  return cards[0].id;
}
