import type { AddressInfo } from 'node:net';
import { sandboxHipay, type SandboxHipayOptions } from '@nomsan/sandbox/hipay';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GatewayError, type CreatePaymentInput, type CreatedPayment, type Gateway } from '../gateway';
import { hipayGateway, paymentCheckFromCheckout, type HipayConfig } from './hipay';

const MOUNT = '/sandbox/hipay';
/** a second mount whose clock the tests move */
const CLOCKED_MOUNT = '/sandbox/hipay-clocked';
const CREDENTIALS = { entityId: 'nomsan', token: 'sandbox-token-42' };
const DAY_MS = 24 * 60 * 60_000;

let clock = Date.UTC(2026, 2, 2, 2, 0); // 10:00 in Ulaanbaatar
// publicBaseUrl is read per request: it is set once the sandbox listens on its port
const sandboxOptions: SandboxHipayOptions = { mountPath: MOUNT, publicBaseUrl: '', ...CREDENTIALS };
const clockedOptions: SandboxHipayOptions = {
  mountPath: CLOCKED_MOUNT,
  publicBaseUrl: '',
  ...CREDENTIALS,
  webhookRepeats: 1,
  checkoutTtlMs: 30 * 60_000,
  now: () => clock,
};

let sandbox: FastifyInstance;
let merchant: FastifyInstance;
let origin: string;
let merchantOrigin: string;
const sandboxRoutes: RouteOptions[] = [];
/** the query of each webhook the merchant received */
const webhooks: Record<string, string>[] = [];

const addressOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  merchant = Fastify();
  merchant.get('/hipay/webhook', async (request, reply) => {
    webhooks.push(request.query as Record<string, string>);
    return reply.type('text/plain').send('SUCCESS');
  });
  await merchant.listen({ port: 0, host: '127.0.0.1' });
  merchantOrigin = addressOf(merchant);

  sandbox = Fastify();
  sandbox.addHook('onRoute', (route) => {
    if (route.url.startsWith('/sandbox/hipay')) sandboxRoutes.push(route);
  });
  await sandbox.register(sandboxHipay, sandboxOptions);
  await sandbox.register(sandboxHipay, clockedOptions);
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  origin = addressOf(sandbox);
  sandboxOptions.publicBaseUrl = origin;
  clockedOptions.publicBaseUrl = origin;
});

afterAll(async () => {
  await sandbox?.close();
  await merchant?.close();
});

let sequence = 0;

/** a payment attempt with a fresh reference, whose webhook names it in its query */
function attempt(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  const reference = overrides.reference ?? `NOMSAN${++sequence}`;
  return {
    reference,
    amountMnt: 12_900,
    description: 'Цахим ном: Тэнгэрийн хаяа',
    callbackUrl: `${merchantOrigin}/hipay/webhook?attempt=${reference}`,
    returnUrl: `http://localhost/payment/${reference}`,
    ...overrides,
  };
}

const webhooksFor = (reference: string) => webhooks.filter((query) => query.attempt === reference);

function gateway(overrides: Partial<HipayConfig> = {}): Gateway {
  return hipayGateway({ baseUrl: `${origin}${MOUNT}`, ...CREDENTIALS, ...overrides });
}

function pageUrl(created: CreatedPayment): string {
  if (created.action.kind !== 'redirect') throw new Error(`expected a redirect, got ${created.action.kind}`);
  return created.action.url;
}

/** presses a button of the payment form the way the payer's browser posts it */
async function press(created: CreatedPayment, button: 'pay' | 'cancel'): Promise<Response> {
  const form = await (await fetch(pageUrl(created))).text();
  const action = new RegExp(`action="([^"]+/${button})"`).exec(form)?.[1];
  if (!action) throw new Error(`no ${button} form on the page`);
  return fetch(action.replaceAll('&amp;', '&'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
}

/** a fetch that keeps each request's method, path (below the mount) and JSON body */
function recordingFetch() {
  const calls: { call: string; body: unknown }[] = [];
  const record: typeof fetch = async (input, init) => {
    const path = new URL(String(input)).pathname.replace(/^\/sandbox\/hipay(-clocked)?/, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ call: `${init?.method ?? 'GET'} ${path}`, body });
    return fetch(input, init);
  };
  return { calls, fetch: record };
}

describe('HiPay adapter against the sandbox', () => {
  it('creates a checkout as a redirect to the payment form, with our reference and URLs', async () => {
    const recorder = recordingFetch();
    const hipay = gateway({ fetch: recorder.fetch });
    const input = attempt();
    const created = await hipay.createPayment(input);

    expect(created.providerPaymentId).toMatch(/^HPSM\d{21}$/);
    expect(pageUrl(created)).toBe(`${origin}${MOUNT}/payment/?checkoutId=${created.providerPaymentId}&lang=mn`);
    expect(created.expiresAt?.getTime()).toBeGreaterThan(Date.now());
    expect(recorder.calls).toEqual([
      {
        call: 'POST /checkout',
        body: {
          entityId: 'nomsan',
          amount: 12_900,
          currency: 'MNT',
          qrData: false,
          redirect_uri: input.returnUrl,
          webhook_url: input.callbackUrl,
          items: [{ itemno: input.reference, name: input.description, price: 12_900, quantity: 1 }],
        },
      },
    ]);

    const page = await fetch(pageUrl(created));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const text = await page.text();
    expect(text).toContain('12 900₮');
    expect(text).toContain(input.description);
    expect(text).toContain('Төлөх');
    expect(text).toContain('Цуцлах');
    expect(text.match(/<form method="post"/g)).toHaveLength(2);
    expect(text).not.toContain('<script');
  });

  it('is pending until the payer pays', async () => {
    const hipay = gateway();
    const input = attempt();
    const created = await hipay.createPayment(input);
    await expect(hipay.checkPayment(created.providerPaymentId, input.reference)).resolves.toEqual({ state: 'pending' });
    expect(webhooksFor(input.reference)).toHaveLength(0);
  });

  it('pays from the form: the webhook comes with GET several times, the payer goes back, check says paid', async () => {
    const hipay = gateway();
    const input = attempt();
    const created = await hipay.createPayment(input);

    const paid = await press(created, 'pay');
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(input.returnUrl);
    expect(back.searchParams.get('checkoutId')).toBe(created.providerPaymentId);
    expect(back.searchParams.get('description')).toBe('SUCCESS');

    // the first before the payer is sent back, the two repeats after
    expect(webhooksFor(input.reference).length).toBeGreaterThanOrEqual(1);
    await vi.waitFor(() => expect(webhooksFor(input.reference)).toHaveLength(3));
    const [first] = webhooksFor(input.reference);
    expect(first?.checkoutId).toBe(created.providerPaymentId);
    expect(first?.paymentId).toMatch(/^[0-9a-f-]{36}$/);
    for (const webhook of webhooksFor(input.reference)) expect(webhook).toEqual(first);

    const expected = { state: 'paid', paidAmountMnt: 12_900, providerTransactionId: first?.paymentId };
    await expect(hipay.checkPayment(created.providerPaymentId, input.reference)).resolves.toEqual(expected);

    const again = await fetch(pageUrl(created));
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('аль хэдийн төлөгдсөн');
    await sleep(200);
    expect(webhooksFor(input.reference)).toHaveLength(3);
  });

  it('reads a cancel on the form as failed, cancelled, and sends no webhook', async () => {
    const hipay = gateway();
    const input = attempt();
    const created = await hipay.createPayment(input);

    const cancelled = await press(created, 'cancel');
    expect(cancelled.status).toBe(303);
    const back = new URL(cancelled.headers.get('location') ?? '');
    expect(back.searchParams.get('description')).toBe('UNSUCCESS');
    await expect(hipay.checkPayment(created.providerPaymentId, input.reference)).resolves.toMatchObject({
      state: 'failed',
      code: 'cancelled',
    });
    const page = await fetch(pageUrl(created));
    expect(page.status).toBe(409);
    expect(await page.text()).toContain('цуцлагдсан');
    await sleep(100);
    expect(webhooksFor(input.reference)).toHaveLength(0);
  });

  it('refuses a wrong token or entityId with a GatewayError that carries neither', async () => {
    const wrongToken: unknown = await gateway({ token: 'not-the-token' })
      .createPayment(attempt())
      .catch((e: unknown) => e);
    expect(wrongToken).toBeInstanceOf(GatewayError);
    expect(wrongToken).toMatchObject({ rail: 'hipay', status: 401 });
    expect(String((wrongToken as Error).message)).not.toContain('not-the-token');

    const wrongEntity = gateway({ entityId: 'someone-else' });
    const created = await gateway().createPayment(attempt());
    const error: unknown = await wrongEntity.checkPayment(created.providerPaymentId, 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ status: 400 });
    expect(String((error as Error).message)).not.toContain('someone-else');
  });

  it('refuses an amount that is not positive', async () => {
    await expect(gateway().createPayment(attempt({ amountMnt: 0 }))).rejects.toMatchObject({ status: 400 });
  });

  it('refunds a payment in full once, and refuses another amount', async () => {
    const hipay = gateway();
    const input = attempt();
    const created = await hipay.createPayment(input);
    await press(created, 'pay');
    const check = await hipay.checkPayment(created.providerPaymentId, input.reference);
    if (check.state !== 'paid') throw new Error(`expected paid, got ${check.state}`);

    await expect(hipay.refund(check.providerTransactionId, 5_000)).rejects.toThrow(/only in full/);
    const refunded = await hipay.refund(check.providerTransactionId, 12_900);
    expect(refunded.refundId).toMatch(/^[0-9a-f-]{36}$/);
    expect(refunded.refundId).not.toBe(check.providerTransactionId);
    await expect(hipay.refund(check.providerTransactionId, 12_900)).rejects.toThrow(/refused PROCESS_FAIL/);
  });

  it('refunds only on the day of the payment (Ulaanbaatar time)', async () => {
    const hipay = gateway({ baseUrl: `${origin}${CLOCKED_MOUNT}` });
    const input = attempt();
    const created = await hipay.createPayment(input);
    await press(created, 'pay');
    const check = await hipay.checkPayment(created.providerPaymentId, input.reference);
    if (check.state !== 'paid') throw new Error(`expected paid, got ${check.state}`);

    clock += DAY_MS;
    const late = hipay.refund(check.providerTransactionId, 12_900);
    await expect(late).rejects.toBeInstanceOf(GatewayError);
    await expect(late).rejects.toThrow(/PROCESS_FAIL/);
  });

  it('cancels an unpaid checkout, after which the form takes no payment; a paid one is not cancelled', async () => {
    const hipay = gateway();
    const input = attempt();
    const created = await hipay.createPayment(input);
    await hipay.cancelPayment?.(created.providerPaymentId);
    await expect(hipay.checkPayment(created.providerPaymentId, input.reference)).resolves.toMatchObject({
      state: 'failed',
      code: 'cancelled',
    });
    expect((await fetch(pageUrl(created))).status).toBe(409);

    const paid = await hipay.createPayment(attempt());
    await press(paid, 'pay');
    await expect(hipay.cancelPayment?.(paid.providerPaymentId)).rejects.toBeInstanceOf(GatewayError);
  });

  it('reports a checkout nobody paid in time as expired', async () => {
    const hipay = gateway({ baseUrl: `${origin}${CLOCKED_MOUNT}` });
    const input = attempt();
    const created = await hipay.createPayment(input);
    expect(created.expiresAt?.getTime()).toBe(clock + 30 * 60_000);
    clock += 31 * 60_000;
    await expect(hipay.checkPayment(created.providerPaymentId, input.reference)).resolves.toEqual({ state: 'expired' });
    expect((await fetch(pageUrl(created))).status).toBe(409);
  });

  it('hides every sandbox route from the OpenAPI document', () => {
    expect(sandboxRoutes.length).toBeGreaterThanOrEqual(18);
    for (const route of sandboxRoutes) expect(route.schema?.hide, `${route.method} ${route.url}`).toBe(true);
  });
});

describe('HiPay adapter against unusual answers', () => {
  function stubbed(answer: () => Response) {
    const stub: typeof fetch = async () => answer();
    return hipayGateway({ baseUrl: 'http://hipay.test', ...CREDENTIALS, fetch: stub });
  }

  it('reads an answer wrapped in an array, as HiPay documents them', async () => {
    const hipay = stubbed(() =>
      Response.json([{ code: '1', description: 'SUCCESS', status: 'paid', amount: '12900.00', paymentId: 'p1' }]),
    );
    await expect(hipay.checkPayment('HPS1', 'r')).resolves.toEqual({
      state: 'paid',
      paidAmountMnt: 12_900,
      providerTransactionId: 'p1',
    });
  });

  it('turns code 0, an HTTP error, a non-JSON answer or a misshapen one into a GatewayError', async () => {
    const refused = stubbed(() => Response.json({ code: 0, description: 'PROCESS_FAIL', message: 'nomsan token' }));
    const error: unknown = await refused.checkPayment('HPS1', 'r').catch((e: unknown) => e);
    expect(error).toMatchObject({
      rail: 'hipay',
      status: 200,
      message: 'hipay: GET /checkout/get/HPS1 refused PROCESS_FAIL',
    });
    await expect(stubbed(() => new Response('busy', { status: 503 })).checkPayment('HPS1', 'r')).rejects.toMatchObject({
      status: 503,
    });
    await expect(stubbed(() => new Response('<html>')).checkPayment('HPS1', 'r')).rejects.toBeInstanceOf(GatewayError);
    await expect(stubbed(() => Response.json({ code: 1 })).checkPayment('HPS1', 'r')).rejects.toBeInstanceOf(
      GatewayError,
    );
  });

  it('turns a network failure into a GatewayError', async () => {
    const hipay = hipayGateway({
      baseUrl: 'http://hipay.test',
      ...CREDENTIALS,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(hipay.createPayment(attempt())).rejects.toThrow('hipay: POST /checkout did not answer (TypeError)');
  });
});

describe('paymentCheckFromCheckout', () => {
  it('reads the documented statuses in any case, and their "paid - Paid" form', () => {
    expect(paymentCheckFromCheckout({ status: 'new' })).toEqual({ state: 'pending' });
    expect(paymentCheckFromCheckout({ status: 'new - New' })).toEqual({ state: 'pending' });
    expect(paymentCheckFromCheckout({ status: 'PAID', amount: 100, paymentId: 'p' })).toMatchObject({ state: 'paid' });
    expect(paymentCheckFromCheckout({ status: 'canceled' })).toMatchObject({ state: 'failed', code: 'cancelled' });
    expect(paymentCheckFromCheckout({ status: 'expired' })).toEqual({ state: 'expired' });
    expect(paymentCheckFromCheckout({ status: 'invalid' })).toMatchObject({ state: 'failed', code: 'error' });
  });

  it('refuses a paid checkout without its payment, a fraction of a tögrög, or an unknown status', () => {
    expect(() => paymentCheckFromCheckout({ status: 'paid', amount: 100 })).toThrow(GatewayError);
    expect(() => paymentCheckFromCheckout({ status: 'paid', amount: 1000.1, paymentId: 'p' })).toThrow(GatewayError);
    expect(() => paymentCheckFromCheckout({ status: 'refunded' })).toThrow(GatewayError);
  });
});
