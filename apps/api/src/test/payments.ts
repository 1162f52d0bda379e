import type { FastifyInstance } from 'fastify';

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
