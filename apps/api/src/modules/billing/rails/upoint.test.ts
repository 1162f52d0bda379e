import type { AddressInfo } from 'node:net';
import { sandboxUpoint, UPOINT_TEST_MEMBERS, type SandboxUpointOptions } from '@nomsan/sandbox/upoint';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError, type CreatePaymentInput, type PaymentCheck } from '../gateway';
import {
  billDate,
  isUpointGateway,
  upointGateway,
  upointMember,
  type UpointConfig,
  type UpointGateway,
  type UpointMember,
} from './upoint';

const MOUNT = '/sandbox/upoint';
const TOKEN = 'sandbox-upoint-token-42';
const PIN = '1234';

const [rich, poor, blocked] = UPOINT_TEST_MEMBERS;
if (!rich || !poor || !blocked) throw new Error('the sandbox lost its test members');

const sandboxOptions: SandboxUpointOptions = { mountPath: MOUNT, publicBaseUrl: '', token: TOKEN };

let sandbox: FastifyInstance;
let origin: string;
const sandboxRoutes: RouteOptions[] = [];

beforeAll(async () => {
  sandbox = Fastify();
  sandbox.addHook('onRoute', (route) => {
    if (route.url.startsWith(MOUNT)) sandboxRoutes.push(route);
  });
  await sandbox.register(sandboxUpoint, sandboxOptions);
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
  sandboxOptions.publicBaseUrl = origin;
});

afterAll(async () => {
  await sandbox?.close();
});

function gateway(overrides: Partial<UpointConfig> = {}): UpointGateway {
  return upointGateway({ baseUrl: `${origin}${MOUNT}`, token: TOKEN, ...overrides });
}

let sequence = 0;

function attempt(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  return {
    reference: `UPT${Date.now() % 1_000_000}${++sequence}`,
    amountMnt: 12_900,
    description: 'Цахим ном: Тэнгэрийн хаяа',
    callbackUrl: 'http://127.0.0.1:9/api/billing/callbacks/upoint/x?secret=y',
    returnUrl: 'https://nomsan.test/payment/PAY1',
    ...overrides,
  };
}

const byMobile = (member: { mobile: string }): UpointMember => ({ mobile: member.mobile });

async function pointsOf(upoint: UpointGateway, member: UpointMember): Promise<number> {
  const balance = await upoint.balance(member, PIN);
  if (!balance.ok) throw new Error(`no balance: ${balance.refusal}`);
  return balance.points;
}

/** a fetch that notes every call (path below the mount, headers, body) */
function recordingFetch(intercept?: (path: string) => 'drop-answer' | undefined) {
  const calls: { path: string; authorization: string | null; body: Record<string, unknown> }[] = [];
  const record: typeof fetch = async (input, init) => {
    const path = new URL(String(input)).pathname.replace(MOUNT, '');
    const headers = new Headers(init?.headers);
    calls.push({
      path,
      authorization: headers.get('authorization'),
      body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>,
    });
    const response = await fetch(input, init);
    if (intercept?.(path) === 'drop-answer') {
      await response.text();
      throw new TypeError('fetch failed');
    }
    return response;
  };
  return { calls, fetch: record };
}

function paid(check: PaymentCheck) {
  if (check.state !== 'paid') throw new Error(`expected paid, got ${JSON.stringify(check)}`);
  return check;
}

describe('U-Point adapter against the sandbox', () => {
  it('tells a member their points and what they are worth, by phone or by card, with the PIN', async () => {
    const upoint = gateway();
    const byPhone = await upoint.balance({ mobile: rich.mobile }, PIN);
    expect(byPhone).toEqual({
      ok: true,
      maskedCardNumber: '•••• 0011',
      points: expect.any(Number),
      valueMnt: expect.any(Number),
    });
    if (!byPhone.ok) throw new Error('unreachable');
    expect(byPhone.valueMnt).toBe(byPhone.points);
    await expect(upoint.balance({ cardNumber: rich.cardNumber }, PIN)).resolves.toEqual(byPhone);
    await expect(upoint.balance({ mobile: poor.mobile }, PIN)).resolves.toMatchObject({ ok: true, points: 100 });

    const worthTen = gateway({ mntPerPoint: 10 });
    await expect(worthTen.balance({ mobile: poor.mobile }, PIN)).resolves.toMatchObject({
      points: 100,
      valueMnt: 1_000,
    });
  });

  it('refuses a balance for a wrong PIN, an unknown member and a blocked card', async () => {
    const upoint = gateway();
    await expect(upoint.balance(byMobile(rich), '9999')).resolves.toMatchObject({ ok: false, refusal: 'wrong_pin' });
    await expect(upoint.balance({ mobile: '99000000' }, PIN)).resolves.toMatchObject({
      ok: false,
      refusal: 'not_found',
    });
    await expect(upoint.balance({ cardNumber: '8800000000009999' }, PIN)).resolves.toMatchObject({
      ok: false,
      refusal: 'not_found',
    });
    await expect(upoint.balance(byMobile(blocked), PIN)).resolves.toMatchObject({ ok: false, refusal: 'blocked' });
  });

  it('starts an attempt without touching U-Point: our confirmation page, pending until the PIN comes', async () => {
    const recorder = recordingFetch();
    const upoint = gateway({ fetch: recorder.fetch });
    const input = attempt();
    const created = await upoint.createPayment(input);
    expect(recorder.calls).toEqual([]);
    expect(created).toEqual({
      providerPaymentId: input.reference,
      action: { kind: 'redirect', url: `https://nomsan.test/upoint?reference=${input.reference}` },
      expiresAt: null,
    });
    const configured = gateway({ confirmationUrl: 'https://shop.test/pay/upoint?lang=mn' });
    await expect(configured.createPayment(input)).resolves.toMatchObject({
      action: { kind: 'redirect', url: `https://shop.test/pay/upoint?lang=mn&reference=${input.reference}` },
    });
    await expect(upoint.checkPayment(created.providerPaymentId, input.reference)).resolves.toEqual({
      state: 'pending',
    });
  });

  it('spends the points with the right PIN: paid with the amount, read back the same, spent once', async () => {
    const upoint = gateway();
    const input = attempt();
    const { providerPaymentId } = await upoint.createPayment(input);
    const before = await pointsOf(upoint, byMobile(rich));

    const check = paid(
      await upoint.authorise({
        reference: input.reference,
        amountMnt: input.amountMnt,
        member: byMobile(rich),
        pin: PIN,
      }),
    );
    expect(check.paidAmountMnt).toBe(12_900);
    expect(check.providerTransactionId).toMatch(/^[0-9a-f]{24}$/);
    await expect(upoint.checkPayment(providerPaymentId, input.reference)).resolves.toEqual(check);
    expect(await pointsOf(upoint, byMobile(rich))).toBe(before - 12_900);

    // the member presses again (or the page is retried): the same receipt, no second spend
    await expect(
      upoint.authorise({ reference: input.reference, amountMnt: input.amountMnt, member: byMobile(rich), pin: PIN }),
    ).resolves.toEqual(check);
    expect(await pointsOf(upoint, byMobile(rich))).toBe(before - 12_900);
  });

  it('sends U-Point its documented fields: Token auth, the PIN only to check_info, our reference as the bill', async () => {
    const recorder = recordingFetch();
    const upoint = gateway({
      fetch: recorder.fetch,
      terminalId: 'WEB-01',
      now: () => new Date('2025-03-04T01:02:03Z'),
    });
    const input = attempt({ amountMnt: 2_500 });
    await upoint.authorise({
      reference: input.reference,
      amountMnt: 2_500,
      member: { cardNumber: rich.cardNumber },
      pin: PIN,
    });

    expect(recorder.calls.map((c) => c.path)).toEqual([
      '/transaction/thirdparty/check_info/',
      '/transaction/thirdparty/check_transaction/',
      '/transaction/thirdparty/process_transaction/',
    ]);
    for (const call of recorder.calls) expect(call.authorization).toBe(`Token ${TOKEN}`);
    const [info, check, spend] = recorder.calls;
    expect(info?.body).toEqual({ card_number: rich.cardNumber, mobile: '', pin_code: PIN });
    expect(check?.body).toEqual({ bill_number: input.reference, terminal_id: 'WEB-01' });
    expect(spend?.body).toEqual({
      card_number: rich.cardNumber,
      mobile: '',
      date: '2025/03/04 09:02:03',
      bill_number: input.reference,
      spend_amount: 2_500,
      bonus_amount: 0,
      total_amount: 2_500,
      cash_amount: 0,
      terminal_id: 'WEB-01',
      bank: [],
      manufacturer: [],
      items: [],
    });
    expect(recorder.calls.filter((c) => 'pin_code' in c.body)).toHaveLength(1);
  });

  it('fails a wrong PIN without spending, and the same attempt can then be confirmed', async () => {
    const upoint = gateway();
    const input = attempt();
    const before = await pointsOf(upoint, byMobile(rich));
    const wrong = await upoint.authorise({
      reference: input.reference,
      amountMnt: input.amountMnt,
      member: byMobile(rich),
      pin: '4321',
    });
    expect(wrong).toEqual({ state: 'failed', code: 'declined', detail: expect.stringMatching(/^wrong_pin: /) });
    expect(JSON.stringify(wrong)).not.toContain('4321');
    await expect(upoint.checkPayment(input.reference, input.reference)).resolves.toEqual({ state: 'pending' });
    expect(await pointsOf(upoint, byMobile(rich))).toBe(before);

    const right = paid(
      await upoint.authorise({
        reference: input.reference,
        amountMnt: input.amountMnt,
        member: byMobile(rich),
        pin: PIN,
      }),
    );
    expect(right.paidAmountMnt).toBe(input.amountMnt);
  });

  it("fails 'insufficient_funds' when the member's points do not cover the amount", async () => {
    const upoint = gateway();
    const input = attempt();
    const check = await upoint.authorise({
      reference: input.reference,
      amountMnt: input.amountMnt,
      member: byMobile(poor),
      pin: PIN,
    });
    expect(check).toMatchObject({ state: 'failed', code: 'insufficient_funds' });
    await expect(upoint.checkPayment(input.reference, input.reference)).resolves.toEqual({ state: 'pending' });
    expect(await pointsOf(upoint, byMobile(poor))).toBe(100);
  });

  it('declines a blocked card and an unknown member', async () => {
    const upoint = gateway();
    const blockedTry = await upoint.authorise({
      reference: attempt().reference,
      amountMnt: 100,
      member: byMobile(blocked),
      pin: PIN,
    });
    expect(blockedTry).toEqual({ state: 'failed', code: 'declined', detail: expect.stringMatching(/^blocked: /) });
    const unknown = await upoint.authorise({
      reference: attempt().reference,
      amountMnt: 100,
      member: { mobile: '99000000' },
      pin: PIN,
    });
    expect(unknown).toMatchObject({ state: 'failed', code: 'declined', detail: expect.stringMatching(/^not_found: /) });
  });

  it('spends whole points when a point is worth more than a tögrög', async () => {
    const upoint = gateway({ mntPerPoint: 10 });
    const input = attempt();
    const before = await pointsOf(upoint, byMobile(rich));
    const check = paid(
      await upoint.authorise({ reference: input.reference, amountMnt: 12_900, member: byMobile(rich), pin: PIN }),
    );
    expect(check.paidAmountMnt).toBe(12_900);
    expect(await pointsOf(upoint, byMobile(rich))).toBe(before - 1_290);
    await expect(
      upoint.authorise({ reference: attempt().reference, amountMnt: 12_905, member: byMobile(rich), pin: PIN }),
    ).rejects.toBeInstanceOf(GatewayError);
  });

  it('returns the points on refund; the bill then reads as returned and a second refund is refused', async () => {
    const upoint = gateway();
    const input = attempt();
    const before = await pointsOf(upoint, byMobile(rich));
    const check = paid(
      await upoint.authorise({
        reference: input.reference,
        amountMnt: input.amountMnt,
        member: byMobile(rich),
        pin: PIN,
      }),
    );
    const { refundId } = await upoint.refund(check.providerTransactionId, input.amountMnt);
    expect(refundId).toMatch(/^\d+$/);
    expect(await pointsOf(upoint, byMobile(rich))).toBe(before);
    await expect(upoint.checkPayment(input.reference, input.reference)).resolves.toMatchObject({
      state: 'failed',
      code: 'cancelled',
    });
    await expect(upoint.refund(check.providerTransactionId, input.amountMnt)).rejects.toBeInstanceOf(GatewayError);
    await expect(upoint.refund('0123456789abcdef01234567', 100)).rejects.toThrow(/return_transaction answered result/);
  });

  it('learns from the bill number when a spend landed but its answer was lost', async () => {
    const recorder = recordingFetch((path) =>
      path === '/transaction/thirdparty/process_transaction/' ? 'drop-answer' : undefined,
    );
    const upoint = gateway({ fetch: recorder.fetch });
    const input = attempt();
    const check = paid(
      await upoint.authorise({ reference: input.reference, amountMnt: 1_000, member: byMobile(rich), pin: PIN }),
    );
    expect(check.paidAmountMnt).toBe(1_000);
    expect(recorder.calls.map((c) => c.path).at(-1)).toBe('/transaction/thirdparty/check_transaction/');
  });

  it('spends once when the same attempt is confirmed twice at the same time', async () => {
    const upoint = gateway();
    const input = attempt();
    const before = await pointsOf(upoint, byMobile(rich));
    const confirm = () =>
      upoint.authorise({ reference: input.reference, amountMnt: 3_000, member: byMobile(rich), pin: PIN });
    const answers = await Promise.all([confirm(), confirm()]);
    expect(answers.map((a) => a.state).sort()).toEqual(['paid', 'pending']);
    expect(await pointsOf(upoint, byMobile(rich))).toBe(before - 3_000);
  });

  it('throws a GatewayError with the status for a wrong token, never carrying the token or the PIN', async () => {
    const upoint = gateway({ token: 'not-the-token' });
    const input = attempt();
    const calls = [
      upoint.balance(byMobile(rich), PIN),
      upoint.authorise({ reference: input.reference, amountMnt: 100, member: byMobile(rich), pin: PIN }),
      upoint.checkPayment(input.reference, input.reference),
      upoint.refund('0123456789abcdef01234567', 100),
    ];
    for (const call of calls) {
      const error = await call.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(GatewayError);
      expect(error).toMatchObject({ rail: 'upoint', status: 401 });
      expect((error as Error).message).not.toMatch(/not-the-token|1234/);
    }
  });

  it('throws a GatewayError when U-Point does not answer or answers something unusable', async () => {
    const down = gateway({ baseUrl: 'http://127.0.0.1:9' });
    await expect(down.balance(byMobile(rich), PIN)).rejects.toThrow(/did not answer/);
    const garbled = gateway({ fetch: async () => new Response('<html>', { status: 200 }) });
    await expect(garbled.checkPayment('x', 'x')).rejects.toThrow(/not JSON/);
    const odd = gateway({ fetch: async () => Response.json({ result: 0 }) });
    await expect(odd.checkPayment('x', 'x')).rejects.toThrow(/unexpected answer/);
    const otherBill = gateway({
      fetch: async () => Response.json({ result: 0, receipt_id: 'r1', bill_number: 'OTHER', spend_point: 5 }),
    });
    await expect(otherBill.checkPayment('x', 'MINE')).rejects.toThrow(/another bill number/);
  });

  it('reads numbers U-Point writes as strings', async () => {
    const upoint = gateway({
      fetch: async () => Response.json({ result: '0', receipt_id: 77, bill_number: 'B1', spend_point: '1500.0' }),
    });
    await expect(upoint.checkPayment('B1', 'B1')).resolves.toEqual({
      state: 'paid',
      paidAmountMnt: 1_500,
      providerTransactionId: '77',
    });
  });

  it('is recognised as the U-Point rail and validates what a member types', () => {
    expect(isUpointGateway(gateway())).toBe(true);
    expect(isUpointGateway(undefined)).toBe(false);
    expect(upointMember.safeParse({ mobile: '99112233' }).success).toBe(true);
    expect(upointMember.safeParse({ cardNumber: '8800000000000011' }).success).toBe(true);
    expect(upointMember.safeParse({ mobile: '12345' }).success).toBe(false);
    expect(upointMember.safeParse({ mobile: '99112233', cardNumber: '1' }).success).toBe(false);
    expect(billDate(new Date('2024-12-31T16:30:05Z'))).toBe('2025/01/01 00:30:05');
  });
});

describe('the U-Point sandbox', () => {
  it('hides its routes from the API documentation', () => {
    expect(sandboxRoutes.length).toBeGreaterThanOrEqual(6);
    for (const route of sandboxRoutes) expect(route.schema).toMatchObject({ hide: true });
  });

  it('lists its test members on a Mongolian page without scripts', async () => {
    const response = await fetch(`${origin}${MOUNT}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const text = await response.text();
    expect(text).toContain('<html lang="mn">');
    expect(text).toContain('Туршилтын гишүүд');
    for (const member of UPOINT_TEST_MEMBERS) expect(text).toContain(member.mobile);
    expect(text).not.toContain('<script');
  });

  it('answers 401 without the token and a result 9 for a malformed body', async () => {
    const url = `${origin}${MOUNT}/transaction/thirdparty/process_transaction/`;
    const anonymous = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ detail: 'Invalid token.' });
    const malformed = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Token ${TOKEN}` },
      body: JSON.stringify({ card_number: rich.cardNumber, bill_number: 'B', date: '2025-01-01' }),
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ result: 9, message: 'Хүсэлтийн өгөгдөл буруу байна' });
  });

  it('cancels a bill whole by its number (cancel_transaction)', async () => {
    const upoint = gateway();
    const input = attempt();
    const before = await pointsOf(upoint, byMobile(rich));
    paid(await upoint.authorise({ reference: input.reference, amountMnt: 700, member: byMobile(rich), pin: PIN }));
    const response = await fetch(`${origin}${MOUNT}/transaction/thirdparty/cancel_transaction/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Token ${TOKEN}` },
      body: JSON.stringify({ bill_number: input.reference, cash_amount: 0 }),
    });
    expect(await response.json()).toMatchObject({ result: 0, bill_number: input.reference, refund_spend_point: 700 });
    expect(await pointsOf(upoint, byMobile(rich))).toBe(before);
  });
});
