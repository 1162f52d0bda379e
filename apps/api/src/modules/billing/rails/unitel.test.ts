import type { AddressInfo } from 'node:net';
import { sandboxUnitel, UNITEL_SANDBOX_OTP, UNITEL_TEST_NUMBERS } from '@nomsan/sandbox/unitel';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError, type CreatePaymentInput } from '../gateway';
import { unitelGateway, type UnitelGateway } from './unitel';

const CREDENTIALS = { merchantId: 'NOMSAN', token: 'sandbox-token-42' };
const PAYS = '88001234';

let sandbox: FastifyInstance;
let origin: string;
let unitel: UnitelGateway;
/** the texts the sandbox sent, as its SMS gateway would */
const texts: { msisdn: string; text: string }[] = [];

beforeAll(async () => {
  sandbox = Fastify();
  await sandbox.register(sandboxUnitel, { mountPath: '/sandbox/unitel', ...CREDENTIALS });
  await sandbox.register(sandboxUnitel, {
    mountPath: '/sandbox/unitel-sms',
    ...CREDENTIALS,
    sendSms: async (msisdn, text) => void texts.push({ msisdn, text }),
  });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
  unitel = unitelGateway({ baseUrl: `${origin}/sandbox/unitel`, ...CREDENTIALS });
});
afterAll(() => sandbox?.close());

let sequence = 0;
const attempt = (consent: string, overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  reference: `NOMSAN${++sequence}`,
  amountMnt: 9_900,
  description: 'Захиалга: Аудио 1 сар',
  callbackUrl: 'http://127.0.0.1/unused',
  returnUrl: 'http://127.0.0.1/unused',
  cardToken: consent,
  ...overrides,
});

async function consentOf(msisdn: string, gateway = unitel, code = UNITEL_SANDBOX_OTP): Promise<string> {
  expect(await gateway.requestOtp(msisdn)).toMatchObject({ ok: true, expiresInS: 300 });
  const given = await gateway.confirmOtp(msisdn, code);
  if (!given.ok) throw new Error(given.refusal);
  expect(given.maskedMsisdn).toBe(`${msisdn.slice(0, 2)}**${msisdn.slice(-4)}`);
  return given.consentToken;
}

describe('the Unitel carrier-billing adapter against the sandbox', () => {
  it('charges the phone bill on the consent a code gave, finds the charge by our reference and refunds it', async () => {
    const consent = await consentOf(PAYS);
    const input = attempt(consent);
    const created = await unitel.createPayment(input);
    expect(created.action).toEqual({ kind: 'done' });
    const check = await unitel.checkPayment(created.providerPaymentId, input.reference);
    expect(check).toEqual({ state: 'paid', paidAmountMnt: 9_900, providerTransactionId: created.providerPaymentId });
    // the same reference again is the same charge, never a second one
    expect((await unitel.createPayment(input)).providerPaymentId).toBe(created.providerPaymentId);
    await expect(unitel.refund(created.providerPaymentId, 9_900)).resolves.toMatchObject({
      refundId: expect.any(String),
    });
    await expect(unitel.refund(created.providerPaymentId, 9_900)).rejects.toBeInstanceOf(GatewayError);
  });

  it('tells a charge refused for the balance, and a number that pays once then runs dry', async () => {
    const poor = attempt(await consentOf(UNITEL_TEST_NUMBERS.insufficientBalance));
    const refused = await unitel.createPayment(poor);
    expect(await unitel.checkPayment(refused.providerPaymentId, poor.reference)).toEqual({
      state: 'failed',
      code: 'insufficient_funds',
      detail: 'INSUFFICIENT_BALANCE',
    });
    const once = await consentOf(UNITEL_TEST_NUMBERS.paysOnce);
    const first = attempt(once);
    const second = attempt(once);
    await unitel.createPayment(first);
    await unitel.createPayment(second);
    expect((await unitel.checkPayment('', first.reference)).state).toBe('paid');
    expect(await unitel.checkPayment('', second.reference)).toMatchObject({
      state: 'failed',
      code: 'insufficient_funds',
    });
    expect(await unitel.checkPayment('', 'NOSUCHREFERENCE')).toMatchObject({ state: 'failed', code: 'error' });
  });

  it('refuses another carrier’s number, a wrong code and a charge without a consent', async () => {
    expect(await unitel.requestOtp(UNITEL_TEST_NUMBERS.notUnitel)).toEqual({ ok: false, refusal: 'not_unitel' });
    await unitel.requestOtp('89001234');
    expect(await unitel.confirmOtp('89001234', '000000')).toEqual({ ok: false, refusal: 'otp_invalid' });
    expect(await unitel.confirmOtp('89001234', '000001')).toEqual({ ok: false, refusal: 'otp_invalid' });
    expect(await unitel.confirmOtp('89001234', '000002')).toEqual({ ok: false, refusal: 'otp_too_many_tries' });
    expect(await unitel.confirmOtp('89001234', UNITEL_SANDBOX_OTP)).toEqual({
      ok: false,
      refusal: 'otp_too_many_tries',
    });
    await expect(unitel.createPayment(attempt(''))).rejects.toBeInstanceOf(GatewayError);
    const forged = attempt('uc_forged');
    const created = await unitel.createPayment(forged);
    expect(await unitel.checkPayment(created.providerPaymentId, forged.reference)).toMatchObject({
      state: 'failed',
      code: 'declined',
    });
  });

  it('texts the code through the SMS gateway when it has one, and refuses a wrong merchant token', async () => {
    const texting = unitelGateway({ baseUrl: `${origin}/sandbox/unitel-sms`, ...CREDENTIALS });
    expect(await texting.requestOtp('86001234')).toMatchObject({ ok: true });
    expect(texts.at(-1)!.msisdn).toBe('86001234');
    const code = /\b(\d{6})\b/.exec(texts.at(-1)!.text)![1]!;
    expect(await texting.confirmOtp('86001234', code)).toMatchObject({ ok: true, consentToken: expect.any(String) });
    const stranger = unitelGateway({ baseUrl: `${origin}/sandbox/unitel`, ...CREDENTIALS, token: 'wrong' });
    await expect(stranger.requestOtp(PAYS)).rejects.toMatchObject({ status: 401 });
  });
});
