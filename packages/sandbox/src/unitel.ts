import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * The sandbox's test numbers (docs/payments.md, "Unitel (carrier billing)"). A Unitel number is
 * 8 digits starting 80, 86, 88 or 89; any other number is "not a Unitel number".
 */
export const UNITEL_TEST_NUMBERS = {
  /** every charge is refused for the balance */
  insufficientBalance: '88110002',
  /** the first charge of each consent is taken, every later one refused for the balance (renewals) */
  paysOnce: '88110003',
  /** not a Unitel number */
  notUnitel: '99110001',
} as const;
/** the code when the sandbox has no SMS gateway to text it through */
export const UNITEL_SANDBOX_OTP = '123456';

export interface SandboxUnitelOptions {
  /** mount path (not `prefix`: Fastify reserves that option), e.g. /sandbox/unitel */
  mountPath: string;
  merchantId: string;
  /** expected as `Authorization: Bearer` */
  token: string;
  /** texts the subscriber their code (the sandbox SMS gateway, so it shows in /dev/outbox); none: the code is always 123456 */
  sendSms?: (msisdn: string, text: string) => Promise<void>;
  now?: () => number;
}

const OTP_TTL_MS = 5 * 60_000;
const MAX_WRONG = 3;
const MAX_ENTRIES = 10_000;
const isUnitel = (msisdn: string) => /^8[0689]\d{6}$/.test(msisdn);

interface Consent {
  token: string;
  msisdn: string;
  charges: number;
  revoked: boolean;
}
interface Charge {
  chargeId: string;
  reference: string;
  consentToken: string;
  amount: number;
  status: 'CHARGED' | 'FAILED' | 'REFUNDED';
  failureCode: string | null;
}

const msisdn = z.string().regex(/^\d{8}$/);
const otpRequest = z.looseObject({ merchant_id: z.string(), msisdn, service_name: z.string().max(100).optional() });
const consentRequest = z.looseObject({ merchant_id: z.string(), msisdn, otp: z.string().max(12) });
const chargeRequest = z.looseObject({
  merchant_id: z.string(),
  consent_token: z.string().min(1),
  reference: z.string().min(1).max(64),
  amount: z.number().int().positive().max(10_000_000),
  currency: z.literal('MNT'),
  description: z.string().max(200).optional(),
});
const refundRequest = z.looseObject({ merchant_id: z.string(), amount: z.number().int().positive() });

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * A local Unitel carrier billing under `mountPath`, speaking the protocol our adapter assumes
 * (apps/api/src/modules/billing/rails/unitel.ts): `POST /otp`, `POST /consents`, `POST /charges`
 * (idempotent by reference), `GET /charges?reference=` and `POST /charges/:id/refund`, with a
 * bearer token and our `merchant_id`. Every Unitel number pays except the test numbers above.
 * State is in memory and bounded; every route is hidden from the OpenAPI document.
 */
export const sandboxUnitel: FastifyPluginAsync<SandboxUnitelOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const otps = new Map<string, { code: string; expiresAt: number; wrong: number }>();
  const consents = new Map<string, Consent>();
  const charges = new Map<string, Charge>();
  const byReference = new Map<string, string>();
  const base = options.mountPath.replace(/\/+$/, '');
  const hide = { schema: { hide: true } };

  const refuse = (reply: FastifyReply, status: number, code: string, message: string) =>
    reply.status(status).send({ result: 'ERROR', code, message });
  const bound = <V>(map: Map<string, V>) => {
    if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(`${base}/`)) return;
    const given = request.headers.authorization ?? '';
    if (!sameText(given, `Bearer ${options.token}`)) return refuse(reply, 401, 'UNAUTHORIZED', 'bad token');
  });
  const merchantOk = (merchant: string | undefined) => merchant === options.merchantId;

  app.post(`${base}/otp`, hide, async (request, reply) => {
    const body = otpRequest.safeParse(request.body);
    if (!body.success || !merchantOk(body.data.merchant_id)) return refuse(reply, 400, 'BAD_REQUEST', 'bad request');
    if (!isUnitel(body.data.msisdn)) return refuse(reply, 422, 'NOT_UNITEL_NUMBER', 'not a Unitel subscriber');
    const code = options.sendSms ? String(randomInt(0, 1_000_000)).padStart(6, '0') : UNITEL_SANDBOX_OTP;
    bound(otps);
    otps.set(body.data.msisdn, { code, expiresAt: now() + OTP_TTL_MS, wrong: 0 });
    const service = body.data.service_name ?? 'merchant';
    await options.sendSms?.(
      body.data.msisdn,
      `Unitel: ${service} үйлчилгээний төлбөрийг утасны төлбөрт тань нэмэхийг зөвшөөрөх код: ${code}`,
    );
    return { result: 'OK', expires_in: OTP_TTL_MS / 1000 };
  });

  app.post(`${base}/consents`, hide, async (request, reply) => {
    const body = consentRequest.safeParse(request.body);
    if (!body.success || !merchantOk(body.data.merchant_id)) return refuse(reply, 400, 'BAD_REQUEST', 'bad request');
    const otp = otps.get(body.data.msisdn);
    if (!otp) return refuse(reply, 422, 'OTP_INVALID', 'no code was sent');
    if (otp.expiresAt <= now()) return refuse(reply, 422, 'OTP_EXPIRED', 'the code expired');
    if (otp.wrong >= MAX_WRONG) return refuse(reply, 422, 'OTP_TOO_MANY_TRIES', 'too many wrong codes');
    if (!sameText(otp.code, body.data.otp)) {
      otp.wrong++;
      return refuse(reply, 422, otp.wrong >= MAX_WRONG ? 'OTP_TOO_MANY_TRIES' : 'OTP_INVALID', 'wrong code');
    }
    otps.delete(body.data.msisdn);
    const token = `uc_${randomBytes(24).toString('base64url')}`;
    bound(consents);
    consents.set(token, { token, msisdn: body.data.msisdn, charges: 0, revoked: false });
    const m = body.data.msisdn;
    return { result: 'OK', consent_token: token, msisdn_masked: `${m.slice(0, 2)}**${m.slice(-4)}` };
  });

  const chargeView = (c: Charge) => ({
    charge_id: c.chargeId,
    reference: c.reference,
    amount: c.amount,
    status: c.status,
    failure_code: c.failureCode,
  });

  app.post(`${base}/charges`, hide, async (request, reply) => {
    const body = chargeRequest.safeParse(request.body);
    if (!body.success || !merchantOk(body.data.merchant_id)) return refuse(reply, 400, 'BAD_REQUEST', 'bad request');
    const earlier = byReference.get(body.data.reference);
    if (earlier) return { result: 'OK', charge: chargeView(charges.get(earlier)!) };
    const consent = consents.get(body.data.consent_token);
    let failureCode: string | null = null;
    if (!consent) failureCode = 'CONSENT_NOT_FOUND';
    else if (consent.revoked) failureCode = 'CONSENT_REVOKED';
    else if (consent.msisdn === UNITEL_TEST_NUMBERS.insufficientBalance) failureCode = 'INSUFFICIENT_BALANCE';
    else if (consent.msisdn === UNITEL_TEST_NUMBERS.paysOnce && consent.charges > 0)
      failureCode = 'INSUFFICIENT_BALANCE';
    const charge: Charge = {
      chargeId: `CH${randomBytes(9).toString('hex').toUpperCase()}`,
      reference: body.data.reference,
      consentToken: body.data.consent_token,
      amount: body.data.amount,
      status: failureCode ? 'FAILED' : 'CHARGED',
      failureCode,
    };
    if (consent && !failureCode) consent.charges++;
    bound(charges);
    bound(byReference);
    charges.set(charge.chargeId, charge);
    byReference.set(charge.reference, charge.chargeId);
    return { result: 'OK', charge: chargeView(charge) };
  });

  app.get<{ Querystring: { merchant_id?: string; reference?: string } }>(
    `${base}/charges`,
    hide,
    async (request, reply) => {
      if (!merchantOk(request.query.merchant_id)) return refuse(reply, 400, 'BAD_REQUEST', 'bad request');
      const id = byReference.get(request.query.reference ?? '');
      if (!id) return refuse(reply, 404, 'CHARGE_NOT_FOUND', 'no charge has this reference');
      return { result: 'OK', charge: chargeView(charges.get(id)!) };
    },
  );

  app.post<{ Params: { id: string } }>(`${base}/charges/:id/refund`, hide, async (request, reply) => {
    const body = refundRequest.safeParse(request.body);
    if (!body.success || !merchantOk(body.data.merchant_id)) return refuse(reply, 400, 'BAD_REQUEST', 'bad request');
    const charge = charges.get(request.params.id);
    if (!charge) return refuse(reply, 404, 'CHARGE_NOT_FOUND', 'no such charge');
    if (charge.status !== 'CHARGED') return refuse(reply, 409, 'NOT_REFUNDABLE', `the charge is ${charge.status}`);
    if (body.data.amount !== charge.amount) return refuse(reply, 422, 'AMOUNT_MISMATCH', 'refunded only in full');
    charge.status = 'REFUNDED';
    return { result: 'OK', refund_id: `RF${randomBytes(9).toString('hex').toUpperCase()}` };
  });
};
