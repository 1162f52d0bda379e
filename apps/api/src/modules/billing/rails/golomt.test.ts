import { createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOLOMT_TEST_CARDS, sandboxGolomt } from '@nomsan/sandbox/golomt';
import { type CreatePaymentInput, GatewayError } from '../gateway';
import { type GolomtConfig, GolomtPaymentDeclined, golomtGateway, verifyGolomtNotification } from './golomt';

const TOKEN = 'sandbox-merchant-token';
const SECRET = 'sandbox-hmac-secret';
const RETURN_URL = 'https://shop.example/payments/return?attempt=7';
const NOTIFY_URL = 'https://shop.example/payments/golomt/notify';

let app: FastifyInstance;
let origin: string;
/** what the sandbox pushed to the merchant's registered notification URL */
const pushed: unknown[] = [];

beforeAll(async () => {
  app = Fastify();
  const recordPush: typeof fetch = async (url, init) => {
    expect(String(url)).toBe(NOTIFY_URL);
    pushed.push(JSON.parse(String(init?.body)));
    return new Response(null, { status: 200 });
  };
  const common = { publicBaseUrl: 'http://127.0.0.1', token: TOKEN, secret: SECRET };
  await app.register(sandboxGolomt, {
    ...common,
    mountPath: '/sandbox/golomt',
    notificationUrl: NOTIFY_URL,
    fetch: recordPush,
  });
  await app.register(sandboxGolomt, { ...common, mountPath: '/sandbox/golomt-slow', challengeTimeoutMs: 50 });
  origin = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
});

const gateway = (overrides: Partial<GolomtConfig> = {}) =>
  golomtGateway({ baseUrl: `${origin}/sandbox/golomt`, token: TOKEN, secret: SECRET, ...overrides });

let counter = 0;
const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  reference: `T${(Date.now() % 1e9).toString(36)}${(++counter).toString(36)}`,
  amountMnt: 12900,
  description: 'Тэнгэрийн хаяанд (e-book)',
  callbackUrl: NOTIFY_URL,
  returnUrl: RETURN_URL,
  ...overrides,
});

const cardOf = (behaviour: string) => GOLOMT_TEST_CARDS.find((c) => c.behaviour === behaviour)?.number ?? '';

/** a fetch that keeps each request's JSON body and can rewrite the answer */
function recordingFetch(rewrite?: (answer: Record<string, unknown>) => Record<string, unknown>) {
  const bodies: Record<string, string>[] = [];
  const recording: typeof fetch = async (url, init) => {
    bodies.push(JSON.parse(String(init?.body)));
    const response = await fetch(url, init);
    if (!rewrite) return response;
    return new Response(JSON.stringify(rewrite(await response.json())), { status: response.status });
  };
  return { bodies, fetch: recording };
}

function formAction(html: string): string {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no form on the page');
  return new URL(action.replaceAll('&amp;', '&'), origin).toString();
}

async function openPage(url: string): Promise<string> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const html = await response.text();
  expect(html).not.toMatch(/<script/i);
  return html;
}

const submit = (url: string, form: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
    redirect: 'manual',
  });

/** fills the hosted card page as a payer would; the answer is the page's next step */
async function payByCard(pageUrl: string, number: string): Promise<Response> {
  const html = await openPage(pageUrl);
  return submit(formAction(html), { cardNumber: number, holder: 'BAT ERDENE', expiry: '12/39', cvv: '123' });
}

/** the query the browser brings back to our return URL */
function returnQuery(response: Response): URLSearchParams {
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe('https://shop.example/payments/return');
  expect(location.searchParams.get('attempt')).toBe('7');
  return location.searchParams;
}

async function startCardPayment(overrides: Partial<CreatePaymentInput> = {}) {
  const payment = input(overrides);
  const created = await gateway().createPayment(payment);
  if (created.action.kind !== 'redirect') throw new Error('expected a redirect');
  return { payment, created, pageUrl: created.action.url };
}

describe('Golomt checksums', () => {
  it('signs the invoice with lowercase hex HMAC-SHA256 over transactionId + amount + returnType + callback', async () => {
    const recorder = recordingFetch();
    const payment = input();
    const created = await gateway({ fetch: recorder.fetch }).createPayment(payment);
    const expected = createHmac('sha256', SECRET).update(`${payment.reference}12900GET${RETURN_URL}`).digest('hex');
    expect(recorder.bodies[0]).toEqual({
      amount: '12900',
      callback: RETURN_URL,
      checksum: expected,
      genToken: 'N',
      returnType: 'GET',
      transactionId: payment.reference,
      socialDeeplink: 'N',
    });
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
    expect(created.expiresAt).toBeNull();
    expect(created.action).toEqual({
      kind: 'redirect',
      url: `${origin}/sandbox/golomt/payment/mn/${created.providerPaymentId}`,
    });
  });

  it('signs the inquiry over transactionId + transactionId', async () => {
    const recorder = recordingFetch();
    const { payment, created } = await startCardPayment();
    const check = await gateway({ fetch: recorder.fetch }).checkPayment(created.providerPaymentId, payment.reference);
    expect(check).toEqual({ state: 'pending' });
    const id = payment.reference;
    expect(recorder.bodies[0]).toEqual({
      checksum: createHmac('sha256', SECRET).update(`${id}${id}`).digest('hex'),
      transactionId: id,
    });
  });

  it('is refused by the bank when signed with another secret, and without the bearer token', async () => {
    const wrongSecret = gateway({ secret: 'not-the-secret' }).createPayment(input());
    await expect(wrongSecret).rejects.toMatchObject({ name: 'GatewayError', status: 400 });
    const wrongToken = gateway({ token: 'not-the-token' }).createPayment(input());
    await expect(wrongToken).rejects.toMatchObject({ name: 'GatewayError', status: 403 });
  });

  it('rejects an answer whose checksum does not match what it says', async () => {
    const forgedInvoice = recordingFetch((answer) => ({ ...answer, invoice: 'another-invoice' }));
    await expect(gateway({ fetch: forgedInvoice.fetch }).createPayment(input())).rejects.toThrow(/checksum/);

    const { payment, created, pageUrl } = await startCardPayment();
    returnQuery(await payByCard(pageUrl, cardOf('success')));
    const forgedAmount = recordingFetch((answer) => ({ ...answer, amount: '1' }));
    const check = gateway({ fetch: forgedAmount.fetch }).checkPayment(created.providerPaymentId, payment.reference);
    await expect(check).rejects.toThrow(/checksum does not match/);
  });
});

describe('the hosted card page', () => {
  it('shows the amount and the test cards; a good card is paid, pushed and brought back', async () => {
    const { payment, created, pageUrl } = await startCardPayment();
    const html = await openPage(pageUrl);
    expect(html).toContain('12 900₮');
    for (const card of GOLOMT_TEST_CARDS) expect(html).toContain(card.number);

    const query = returnQuery(await payByCard(pageUrl, cardOf('success')));
    expect(Object.fromEntries(query)).toMatchObject({ invoice: payment.reference, status_code: '000' });

    const check = await gateway().checkPayment(created.providerPaymentId, payment.reference);
    expect(check).toEqual({ state: 'paid', paidAmountMnt: 12900, providerTransactionId: payment.reference });

    const notification = pushed.find(
      (body) => (body as { transactionId?: string }).transactionId === payment.reference,
    );
    expect(verifyGolomtNotification(notification, SECRET)).toEqual({ reference: payment.reference, check });
    expect(() => verifyGolomtNotification(notification, 'not-the-secret')).toThrow(GatewayError);
    expect(JSON.stringify(pushed)).not.toContain('4111111111111111');
  });

  it.each([
    ['declined', 'declined'],
    ['insufficientFunds', 'insufficient_funds'],
  ] as const)('a %s card reads as failed (%s)', async (behaviour, code) => {
    const { payment, created, pageUrl } = await startCardPayment();
    const query = returnQuery(await payByCard(pageUrl, cardOf(behaviour)));
    expect(query.get('status_code')).not.toBe('000');
    const check = await gateway().checkPayment(created.providerPaymentId, payment.reference);
    expect(check).toMatchObject({ state: 'failed', code });
  });

  it.each([
    ['123456', 'paid'],
    ['654321', 'failed'],
  ])('asks a 3-D Secure card for its code: %s reads as %s', async (otp, state) => {
    const { payment, created, pageUrl } = await startCardPayment();
    const challenge = await payByCard(pageUrl, cardOf('challenge'));
    expect(challenge.status).toBe(200);
    const otpPage = await challenge.text();
    expect(otpPage).toContain('3-D Secure');
    expect(await gateway().checkPayment(created.providerPaymentId, payment.reference)).toEqual({ state: 'pending' });

    returnQuery(await submit(formAction(otpPage), { otp }));
    const check = await gateway().checkPayment(created.providerPaymentId, payment.reference);
    expect(check.state).toBe(state);
    if (check.state === 'failed') expect(check.code).toBe('declined');
  });

  it('reads a page left open past its time as timed out', async () => {
    const slow = gateway({ baseUrl: `${origin}/sandbox/golomt-slow` });
    const payment = input();
    const created = await slow.createPayment(payment);
    if (created.action.kind !== 'redirect') throw new Error('expected a redirect');
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await slow.checkPayment(created.providerPaymentId, payment.reference)).toMatchObject({
      state: 'failed',
      code: 'timeout',
    });
    const late = await fetch(created.action.url, { redirect: 'manual' });
    expect(returnQuery(late).get('status_code')).not.toBe('000');
  });

  it('refuses a transactionId of 16 characters, and one already used', async () => {
    await expect(gateway().createPayment(input({ reference: 'A'.repeat(16) }))).rejects.toMatchObject({ status: 400 });
    const payment = input({ reference: `B${Date.now()}`.slice(0, 15).padEnd(15, '0') });
    await gateway().createPayment(payment);
    await expect(gateway().createPayment(payment)).rejects.toMatchObject({ status: 400 });
  });
});

describe('saved cards', () => {
  async function saveCard(number: string) {
    const { payment, created, pageUrl } = await startCardPayment({ saveCard: true });
    returnQuery(await payByCard(pageUrl, number));
    const check = await gateway().checkPayment(created.providerPaymentId, payment.reference);
    if (check.state !== 'paid' || !check.savedCard) throw new Error('expected a saved card');
    return check.savedCard;
  }

  it('gives back a token and the masked number, never the number', async () => {
    const { payment, created, pageUrl } = await startCardPayment({ saveCard: true });
    returnQuery(await payByCard(pageUrl, cardOf('success')));
    const check = await gateway().checkPayment(created.providerPaymentId, payment.reference);
    expect(check).toMatchObject({
      state: 'paid',
      savedCard: { token: expect.stringMatching(/\S{16,}/), maskedNumber: '411111******1111', brand: 'Visa' },
    });
    expect(JSON.stringify(check)).not.toContain('4111111111111111');
  });

  it('pays by token without a page, and the inquiry reads it as paid', async () => {
    const card = await saveCard(cardOf('success'));
    const payment = input({ cardToken: card.token, amountMnt: 5500 });
    const created = await gateway().createPayment(payment);
    expect(created).toEqual({ providerPaymentId: payment.reference, action: { kind: 'done' }, expiresAt: null });
    expect(await gateway().checkPayment(created.providerPaymentId, payment.reference)).toEqual({
      state: 'paid',
      paidAmountMnt: 5500,
      providerTransactionId: payment.reference,
    });
  });

  it('throws the failure when the token payment is declined', async () => {
    const card = await saveCard(cardOf('laterDeclined'));
    const paying = gateway().createPayment(input({ cardToken: card.token }));
    await expect(paying).rejects.toBeInstanceOf(GolomtPaymentDeclined);
    await expect(paying).rejects.toMatchObject({ failure: 'declined' });
  });
});

describe('SocialPay', () => {
  const socialpay = () => gateway({ variant: 'socialpay' });

  it.each([
    ['Төлөх', 'paid'],
    ['Цуцлах', 'failed'],
  ])('sends the payer to the SocialPay page; %s reads as %s', async (button, state) => {
    const payment = input();
    const created = await socialpay().createPayment(payment);
    expect(socialpay().rail).toBe('socialpay');
    if (created.action.kind !== 'redirect') throw new Error('expected a redirect');
    expect(created.action.url).toBe(`${origin}/sandbox/golomt/socialpay/mn/${created.providerPaymentId}`);
    const html = await openPage(created.action.url);
    expect(html).toContain('Төлөх');
    expect(html).toContain('Цуцлах');
    returnQuery(await submit(formAction(html), { decision: button === 'Төлөх' ? 'pay' : 'cancel' }));
    const check = await socialpay().checkPayment(created.providerPaymentId, payment.reference);
    expect(check.state).toBe(state);
    if (check.state === 'failed') expect(check.code).toBe('cancelled');
  });
});

describe('refunds', () => {
  it('gives back a captured payment in full; the inquiry then no longer reads it as paid', async () => {
    const { payment, created, pageUrl } = await startCardPayment();
    returnQuery(await payByCard(pageUrl, cardOf('success')));
    const paid = await gateway().checkPayment(created.providerPaymentId, payment.reference);
    if (paid.state !== 'paid') throw new Error('expected paid');

    expect(await gateway().refund(paid.providerTransactionId, 12900)).toEqual({ refundId: payment.reference });
    expect(await gateway().checkPayment(created.providerPaymentId, payment.reference)).toMatchObject({
      state: 'failed',
      code: 'cancelled',
    });
    await expect(gateway().refund(paid.providerTransactionId, 12900)).rejects.toMatchObject({ status: 400 });
  });
});
