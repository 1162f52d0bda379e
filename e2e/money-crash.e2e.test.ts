import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxQpay } from '@nomsan/sandbox/qpay';
import { registerByApi } from './support/accounts';
import { freePort, startServer, type RunningServer } from './support/server';

/**
 * Money survives a crash: the store's process is killed (SIGKILL, no shutdown of any kind)
 * while a QPay invoice is open, the payer pays at the bank meanwhile (the callback finds nobody),
 * and the store, started again on the same data, grants on its own: the reconciliation job asks
 * QPay about the attempts left pending. The bank here is QPay's sandbox in this test's process,
 * so it outlives the store as a real bank would.
 */
describe('a payment captured while the store is down', () => {
  let bank: FastifyInstance;
  let bankUrl: string;
  let store: RunningServer | undefined;
  const credentials = { clientId: 'CRASH_TEST', clientSecret: 'crash-test-secret', invoiceCode: 'CRASH_INVOICE' };

  beforeAll(async () => {
    const port = await freePort();
    bankUrl = `http://127.0.0.1:${port}`;
    bank = Fastify();
    await bank.register(sandboxQpay, { mountPath: '/sandbox/qpay', publicBaseUrl: bankUrl, ...credentials });
    await bank.listen({ port, host: '127.0.0.1' });
  });
  // each case's store, including the one started again, stops before the next case starts one
  afterEach(async () => {
    await store?.stop('SIGKILL');
    store = undefined;
  });
  afterAll(async () => {
    await bank.close();
  });

  /** PostgreSQL as CI's machine has it: a database of this test's own, made anew */
  const POSTGRES = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const CRASH_DB = 'nomsan_e2e_crash';
  async function freshPostgres(): Promise<string> {
    const admin = new pg.Client({ connectionString: POSTGRES });
    await admin.connect();
    await admin.query(`drop database if exists ${CRASH_DB} with (force)`);
    await admin.query(`create database ${CRASH_DB}`);
    await admin.end();
    const url = new URL(POSTGRES);
    url.pathname = `/${CRASH_DB}`;
    return url.toString();
  }

  let database: Record<string, string> = {};
  const env = () => ({
    ...database,
    QPAY_BASE_URL: `${bankUrl}/sandbox/qpay`,
    QPAY_CLIENT_ID: credentials.clientId,
    QPAY_CLIENT_SECRET: credentials.clientSecret,
    QPAY_INVOICE_CODE: credentials.invoiceCode,
  });

  async function call(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const response = await fetch(`${store!.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const body = (await response.json()) as { data: Record<string, unknown> };
    expect(response.status, `${path}: ${JSON.stringify(body)}`).toBe(200);
    return body.data;
  }

  it.each(['PGlite', 'PostgreSQL'])(
    'is granted by reconciliation when the store starts again (%s)',
    { timeout: 300_000 },
    async (kind) => {
      database = kind === 'PostgreSQL' ? { DATABASE_URL: await freshPostgres() } : {};
      store = await startServer({ env: env() });
      const { token } = await registerByApi('Тогтвортой', 'Nomsan-Crash-2026', store.url);
      const auth = { authorization: `Bearer ${token}` };
      const packs = (await call('/v5/credit/packs')) as unknown as {
        id: number;
        credits: number;
        bonus_credits: number;
      }[];
      const pack = packs.at(-1)!;
      const bought = (await call('/v6/purchase/credit-pack', {
        method: 'POST',
        body: { pack_id: pack.id, method: 'mnt', rail: 'qpay' },
        headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
      })) as { invoice: { id: string }; payment: { next_action: { deeplinks: { link: string }[] } } };

      // The store dies with the invoice open; the payer pays at the bank meanwhile.
      expect(await store.stop('SIGKILL')).toBeNull();
      const paid = await fetch(bought.payment.next_action.deeplinks[0]!.link, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      expect(paid.status).toBe(200);

      // Started again on the same data (a new port: the callback URL it gave QPay is dead).
      store = await startServer({ env: env(), dataDir: store.dataDir });
      await expect
        .poll(
          async () => ((await call('/v5/users/credit/summary', { headers: auth })) as { balance: number }).balance,
          {
            timeout: 60_000,
            interval: 500,
          },
        )
        .toBe(pack.credits + pack.bonus_credits);
      const invoice = (await call(`/v4/billing/invoices/${bought.invoice.id}`, { headers: auth })) as {
        status: string;
        payments: { status: string }[];
      };
      expect(invoice.status).toBe('paid');
      expect(invoice.payments.map((p) => p.status)).toEqual(['paid']);
      const ledger = (await call('/v4/account/credit-transactions', { headers: auth })) as { total: number };
      expect(ledger.total).toBe(pack.bonus_credits > 0 ? 2 : 1);
    },
  );
});
