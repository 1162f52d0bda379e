import type { AddressInfo } from 'node:net';
import { sandboxQpay, type SandboxQpayOptions } from '@nomsan/sandbox/qpay';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GatewayError, type CreatePaymentInput, type CreatedPayment, type Gateway } from '../gateway';
import { paymentCheckFrom, qpayGateway, type QpayConfig } from './qpay';

const MOUNT = '/sandbox/qpay';
const SHORT_LIVED_MOUNT = '/sandbox/qpay-short';
const CREDENTIALS = { clientId: 'nomsan-test', clientSecret: 'sandbox-secret-42', invoiceCode: 'NOMSAN_INVOICE' };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// publicBaseUrl is read per request: it is set once the sandbox listens on its port
const sandboxOptions: SandboxQpayOptions = { mountPath: MOUNT, publicBaseUrl: '', ...CREDENTIALS };
const shortLivedOptions: SandboxQpayOptions = {
  mountPath: SHORT_LIVED_MOUNT,
  publicBaseUrl: '',
  ...CREDENTIALS,
  tokenTtlSeconds: 1,
};

let sandbox: FastifyInstance;
let merchant: FastifyInstance;
let origin: string;
let merchantOrigin: string;
const sandboxRoutes: RouteOptions[] = [];
/** the query of each callback the merchant received */
const callbacks: Record<string, string>[] = [];

const addressOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  merchant = Fastify();
  merchant.get('/qpay/callback', async (request, reply) => {
    callbacks.push(request.query as Record<string, string>);
    return reply.type('text/plain').send('SUCCESS');
  });
  await merchant.listen({ port: 0, host: '127.0.0.1' });
  merchantOrigin = addressOf(merchant);

  sandbox = Fastify();
  sandbox.addHook('onRoute', (route) => {
    if (route.url.startsWith('/sandbox/qpay')) sandboxRoutes.push(route);
  });
  await sandbox.register(sandboxQpay, sandboxOptions);
  await sandbox.register(sandboxQpay, shortLivedOptions);
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  origin = addressOf(sandbox);
  sandboxOptions.publicBaseUrl = origin;
  shortLivedOptions.publicBaseUrl = origin;
});

afterAll(async () => {
  await sandbox?.close();
  await merchant?.close();
});

let sequence = 0;

/** a payment attempt with a fresh reference, whose callback names it in its query */
function attempt(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  const reference = overrides.reference ?? `NOMSAN${++sequence}`;
  return {
    reference,
    amountMnt: 12_900,
    description: 'Цахим ном: Тэнгэрийн хаяа',
    callbackUrl: `${merchantOrigin}/qpay/callback?attempt=${reference}`,
    returnUrl: 'http://localhost/checkout/return',
    ...overrides,
  };
}

const callbacksFor = (reference: string) => callbacks.filter((query) => query.attempt === reference);

function gateway(overrides: Partial<QpayConfig> = {}): Gateway {
  return qpayGateway({ baseUrl: `${origin}${MOUNT}`, ...CREDENTIALS, ...overrides });
}

/** a fetch that notes `METHOD /path` (below the mount) of every call and can fail refreshes */
function recordingFetch(failRefresh: () => boolean = () => false) {
  const calls: string[] = [];
  const record: typeof fetch = async (input, init) => {
    const path = new URL(String(input)).pathname.replace(/^\/sandbox\/qpay(-short)?/, '');
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    if (path === '/v2/auth/refresh' && failRefresh()) return new Response('{}', { status: 500 });
    return fetch(input, init);
  };
  const count = (call: string) => calls.filter((c) => c === call).length;
  return { calls, fetch: record, count };
}

/** pays on the sandbox bank page the way the payer's browser posts its form */
function payOnBankPage(link: string): Promise<Response> {
  return fetch(link, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
}

function qrAction(created: CreatedPayment) {
  if (created.action.kind !== 'qr') throw new Error(`expected a QR action, got ${created.action.kind}`);
  return created.action;
}

describe('QPay v2 adapter against the sandbox', () => {
  it('fetches one access token and reuses it', async () => {
    const recorder = recordingFetch();
    const qpay = gateway({ fetch: recorder.fetch });
    const input = attempt();
    const created = await qpay.createPayment(input);
    await qpay.checkPayment(created.providerPaymentId, input.reference);
    await qpay.checkPayment(created.providerPaymentId, input.reference);
    expect(recorder.count('POST /v2/auth/token')).toBe(1);
    expect(recorder.count('POST /v2/auth/refresh')).toBe(0);
    expect(recorder.count('POST /v2/payment/check')).toBe(2);
  });

  it('renews an expired access token with the refresh token, and with the credentials when that fails', async () => {
    let clock = Date.now();
    let refreshFails = false;
    const recorder = recordingFetch(() => refreshFails);
    const qpay = gateway({ fetch: recorder.fetch, now: () => clock });
    const input = attempt();
    const created = await qpay.createPayment(input);

    clock += 601_000; // past the access token's 600 s
    await qpay.checkPayment(created.providerPaymentId, input.reference);
    expect(recorder.count('POST /v2/auth/refresh')).toBe(1);
    expect(recorder.count('POST /v2/auth/token')).toBe(1);

    clock += 601_000;
    refreshFails = true;
    await expect(qpay.checkPayment(created.providerPaymentId, input.reference)).resolves.toEqual({ state: 'pending' });
    expect(recorder.count('POST /v2/auth/refresh')).toBe(2);
    expect(recorder.count('POST /v2/auth/token')).toBe(2);

    clock += 4_000_000; // past the refresh token's 3600 s too: no refresh is tried
    await qpay.checkPayment(created.providerPaymentId, input.reference);
    expect(recorder.count('POST /v2/auth/refresh')).toBe(2);
    expect(recorder.count('POST /v2/auth/token')).toBe(3);
  });

  it('retries once with a renewed token when QPay answers 401 to a token it let expire', async () => {
    const recorder = recordingFetch();
    const frozen = Date.now(); // the adapter believes its token is still fresh
    const qpay = gateway({ baseUrl: `${origin}${SHORT_LIVED_MOUNT}`, fetch: recorder.fetch, now: () => frozen });
    const input = attempt();
    const created = await qpay.createPayment(input);
    await sleep(1_100); // the sandbox's access tokens live 1 s here
    await expect(qpay.checkPayment(created.providerPaymentId, input.reference)).resolves.toEqual({ state: 'pending' });
    expect(recorder.calls.slice(-3)).toEqual([
      'POST /v2/payment/check',
      'POST /v2/auth/refresh',
      'POST /v2/payment/check',
    ]);
  });

  it('creates an invoice as a QR action whose deeplinks open the sandbox bank pages', async () => {
    const qpay = gateway();
    const input = attempt();
    const created = await qpay.createPayment(input);
    const action = qrAction(created);
    const invoiceId = created.providerPaymentId;

    expect(created.expiresAt).toBeNull();
    expect(action.qrImage).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(action.qrImage.split(',')[1] ?? '', 'base64');
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(action.shortUrl).toBe(`${origin}${MOUNT}/invoice/${invoiceId}`);
    expect(action.deeplinks.map((link) => link.name)).toEqual([
      'Khan bank',
      'Golomt bank',
      'State bank',
      'XacBank',
      'TDB',
    ]);
    expect(action.deeplinks.map((link) => link.description)).toContain('Хаан банк');
    for (const link of action.deeplinks) {
      expect(link.link).toMatch(new RegExp(`^${origin}${MOUNT}/bank/[a-z]+/${invoiceId}$`));
      expect(link.logo).toMatch(new RegExp(`^${origin}${MOUNT}/logo/[a-z]+\\.svg$`));
    }
    await expect(qpay.checkPayment(invoiceId, input.reference)).resolves.toEqual({ state: 'pending' });

    const page = await fetch(action.shortUrl ?? '');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const text = await page.text();
    expect(text).toContain('12 900₮');
    expect(text).toContain(input.description);
    expect(text).toContain('data:image/png;base64,');
    for (const link of action.deeplinks) expect(text).toContain(`href="${link.link}"`);
  });

  it('marks the invoice paid from the bank page, calls the merchant back once, and takes no second payment', async () => {
    const qpay = gateway();
    const input = attempt();
    const created = await qpay.createPayment(input);
    const [bank] = qrAction(created).deeplinks;
    if (!bank) throw new Error('no deeplink');

    const bankPage = await (await fetch(bank.link)).text();
    expect(bankPage).toContain('Төлөх');
    expect(bankPage).toContain('<form method="post"');
    expect(bankPage).toContain('Цуцлах');

    const paid = await payOnBankPage(bank.link);
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('Төлбөр амжилттай төлөгдлөө');
    await vi.waitFor(() => expect(callbacksFor(input.reference)).toHaveLength(1));
    const paymentId = callbacksFor(input.reference)[0]?.qpay_payment_id;
    expect(paymentId).toMatch(/^\d+$/);
    const expected = { state: 'paid', paidAmountMnt: 12_900, providerTransactionId: paymentId };
    await expect(qpay.checkPayment(created.providerPaymentId, input.reference)).resolves.toEqual(expected);

    const again = await payOnBankPage(bank.link);
    expect(again.status).toBe(200);
    await expect(qpay.checkPayment(created.providerPaymentId, input.reference)).resolves.toEqual(expected);
    await sleep(200);
    expect(callbacksFor(input.reference)).toHaveLength(1);
  });

  it('refuses a sender_invoice_no used before', async () => {
    const qpay = gateway();
    const input = attempt();
    await qpay.createPayment(input);
    const reused = qpay.createPayment({ ...input, description: 'Өөр захиалга' });
    await expect(reused).rejects.toBeInstanceOf(GatewayError);
    await expect(reused).rejects.toMatchObject({ rail: 'qpay', status: 409 });
  });

  it('refuses bad credentials with a 401 that does not carry them', async () => {
    const qpay = gateway({ clientSecret: 'not-the-secret' });
    const error: unknown = await qpay.createPayment(attempt()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ status: 401 });
    expect(String((error as Error).message)).not.toContain('not-the-secret');
    expect(String((error as Error).message)).not.toContain(CREDENTIALS.clientId);
  });

  it('refuses an amount that is not a positive whole number of tögrög', async () => {
    await expect(gateway().createPayment(attempt({ amountMnt: 0 }))).rejects.toMatchObject({ status: 422 });
  });

  it('refunds a payment, after which check reports it cancelled, not paid', async () => {
    const qpay = gateway();
    const input = attempt();
    const created = await qpay.createPayment(input);
    await payOnBankPage(qrAction(created).deeplinks[1]?.link ?? '');
    const check = await qpay.checkPayment(created.providerPaymentId, input.reference);
    if (check.state !== 'paid') throw new Error(`expected paid, got ${check.state}`);

    const refunded = await qpay.refund(check.providerTransactionId, 12_900);
    expect(refunded).toEqual({ refundId: check.providerTransactionId });
    await expect(qpay.checkPayment(created.providerPaymentId, input.reference)).resolves.toEqual({
      state: 'failed',
      code: 'cancelled',
      detail: `payment ${check.providerTransactionId} REFUNDED`,
    });
    // asked again (a retried job), the refund is already done
    await expect(qpay.refund(check.providerTransactionId, 12_900)).resolves.toEqual(refunded);
  });

  it('reports what was really paid when it differs from the invoice, and refunds only in full', async () => {
    const qpay = gateway();
    const input = attempt();
    const created = await qpay.createPayment(input);
    const response = await fetch(`${origin}${MOUNT}/_test/pay/${created.providerPaymentId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 5_000 }),
    });
    expect(response.status).toBe(200);
    const check = await qpay.checkPayment(created.providerPaymentId, input.reference);
    expect(check).toMatchObject({ state: 'paid', paidAmountMnt: 5_000 });
    if (check.state !== 'paid') return;
    await expect(qpay.refund(check.providerTransactionId, 12_900)).rejects.toBeInstanceOf(GatewayError);
  });

  it('cancels an unpaid invoice, after which its bank page takes no payment', async () => {
    const qpay = gateway();
    const input = attempt();
    const created = await qpay.createPayment(input);
    await qpay.cancelPayment?.(created.providerPaymentId);
    const paying = await payOnBankPage(qrAction(created).deeplinks[0]?.link ?? '');
    expect(paying.status).toBe(409);
    expect(await paying.text()).toContain('цуцлагдсан');
    await expect(qpay.checkPayment(created.providerPaymentId, input.reference)).resolves.toEqual({ state: 'pending' });
    await expect(qpay.cancelPayment?.(created.providerPaymentId)).rejects.toMatchObject({ status: 409 });
  });

  it('hides every sandbox route from the OpenAPI document', () => {
    expect(sandboxRoutes.length).toBeGreaterThan(10);
    for (const route of sandboxRoutes) expect(route.schema?.hide, `${route.method} ${route.url}`).toBe(true);
  });
});

describe('QPay v2 adapter against unusual answers', () => {
  const checkAnswer = { count: 0, paid_amount: 0, rows: [] };
  const tokenAnswer = { access_token: 'access', refresh_token: 'refresh', expires_in: 600, refresh_expires_in: 3600 };

  function stubbed(answer: (path: string) => Response, now: () => number) {
    const paths: string[] = [];
    const stub: typeof fetch = async (input) => {
      const path = new URL(String(input)).pathname;
      paths.push(path);
      return answer(path);
    };
    return { paths, qpay: qpayGateway({ baseUrl: 'http://qpay.test', ...CREDENTIALS, fetch: stub, now }) };
  }

  it('reads token lifetimes given in seconds as well as Unix timestamps', async () => {
    let clock = 1_700_000_000_000;
    const { paths, qpay } = stubbed(
      (path) => Response.json(path.startsWith('/v2/auth/') ? tokenAnswer : checkAnswer),
      () => clock,
    );
    await qpay.checkPayment('invoice', 'reference');
    clock += 569_000; // renewed 30 s before the 600 s are over
    await qpay.checkPayment('invoice', 'reference');
    clock += 2_000;
    await qpay.checkPayment('invoice', 'reference');
    expect(paths).toEqual([
      '/v2/auth/token',
      '/v2/payment/check',
      '/v2/payment/check',
      '/v2/auth/refresh',
      '/v2/payment/check',
    ]);
  });

  it('turns an answer that is not JSON, or not of the documented shape, into a GatewayError', async () => {
    const notJson = stubbed(
      (path) => (path.startsWith('/v2/auth/') ? Response.json(tokenAnswer) : new Response('<html>')),
      Date.now,
    );
    await expect(notJson.qpay.checkPayment('invoice', 'reference')).rejects.toMatchObject({ status: 200 });
    const misshapen = stubbed(
      (path) => Response.json(path.startsWith('/v2/auth/') ? tokenAnswer : { rows: 'none' }),
      Date.now,
    );
    await expect(misshapen.qpay.checkPayment('invoice', 'reference')).rejects.toBeInstanceOf(GatewayError);
  });
});

describe('paymentCheckFrom', () => {
  const row = (payment_id: string, payment_status: string, payment_amount: string | number) => ({
    payment_id,
    payment_status,
    payment_amount,
  });

  it('is pending while no payment is settled', () => {
    expect(paymentCheckFrom([])).toEqual({ state: 'pending' });
    expect(paymentCheckFrom([row('1', 'NEW', '100.00')])).toEqual({ state: 'pending' });
    expect(paymentCheckFrom([row('1', 'FAILED', '100.00'), row('2', 'NEW', '100.00')])).toEqual({ state: 'pending' });
  });

  it('is paid with the PAID amounts summed in whole tögrög', () => {
    expect(paymentCheckFrom([row('1', 'FAILED', 100), row('2', 'PAID', '12900.00'), row('3', 'PAID', 100)])).toEqual({
      state: 'paid',
      paidAmountMnt: 13_000,
      providerTransactionId: '2',
    });
  });

  it('is failed when every payment failed', () => {
    expect(paymentCheckFrom([row('1', 'FAILED', '100.00')])).toMatchObject({ state: 'failed', code: 'declined' });
  });

  it('refuses a fraction of a tögrög rather than round it', () => {
    expect(() => paymentCheckFrom([row('1', 'PAID', '12900.50')])).toThrow(GatewayError);
  });
});
