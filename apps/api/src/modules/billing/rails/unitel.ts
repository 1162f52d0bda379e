import { z } from 'zod';
import {
  GatewayError,
  type CreatedPayment,
  type CreatePaymentInput,
  type Gateway,
  type PaymentCheck,
  type PaymentFailure,
} from '../gateway';

/**
 * Where and as whom the adapter talks to Unitel's carrier billing (charges to the subscriber's
 * phone bill). Unitel publishes no API: the protocol below is OUR ASSUMPTION of what a
 * carrier-billing provider offers, to confirm with Unitel before going live (docs/payments.md,
 * "Unitel (carrier billing)"). The sandbox and the real one differ only here.
 */
export interface UnitelConfig {
  /** Unitel's carrier-billing base URL (from Unitel with the contract) or the local sandbox's mount */
  baseUrl: string;
  /** our merchant (content provider) id at Unitel */
  merchantId: string;
  /** the merchant's API token, sent as `Authorization: Bearer` */
  token: string;
  /** the service name the subscriber reads in the consent SMS and on the bill */
  serviceName?: string;
  fetch?: typeof fetch;
}

const REQUEST_TIMEOUT_MS = 10_000;

/** Why Unitel refused to send a code or to take one. */
export type UnitelRefusal =
  'not_unitel' | 'invalid_msisdn' | 'otp_invalid' | 'otp_expired' | 'otp_too_many_tries' | 'too_many_requests';

const REFUSALS: Record<string, UnitelRefusal> = {
  NOT_UNITEL_NUMBER: 'not_unitel',
  INVALID_MSISDN: 'invalid_msisdn',
  OTP_INVALID: 'otp_invalid',
  OTP_EXPIRED: 'otp_expired',
  OTP_TOO_MANY_TRIES: 'otp_too_many_tries',
  TOO_MANY_REQUESTS: 'too_many_requests',
};

/** a charge's failure codes, in the words of our messages */
const CHARGE_FAILURES: Record<string, PaymentFailure> = {
  INSUFFICIENT_BALANCE: 'insufficient_funds',
  CONSENT_REVOKED: 'declined',
  CONSENT_NOT_FOUND: 'declined',
  SUBSCRIBER_BLOCKED: 'declined',
};

const envelope = z.looseObject({
  result: z.enum(['OK', 'ERROR']),
  code: z.string().nullish(),
  message: z.string().nullish(),
});
const otpSent = z.looseObject({ expires_in: z.number().int().positive() });
const consentGiven = z.looseObject({ consent_token: z.string().min(16).max(200), msisdn_masked: z.string() });
const charge = z.looseObject({
  charge_id: z.string().min(1),
  reference: z.string(),
  amount: z.number().int().nonnegative(),
  status: z.enum(['CHARGED', 'FAILED', 'REFUNDED']),
  failure_code: z.string().nullish(),
});
const chargeAnswer = z.looseObject({ charge });
const refundAnswer = z.looseObject({ refund_id: z.string().min(1) });

/** A refusal the subscriber can act on (a wrong code, a number of another carrier). */
export type UnitelOutcome<T> = ({ ok: true } & T) | { ok: false; refusal: UnitelRefusal };

/** Unitel carrier billing: a gateway (charges against a consent) with the subscriber's OTP consent. */
export interface UnitelGateway extends Gateway {
  readonly rail: 'unitel';
  /** Unitel sends the subscriber a one-time code to consent to being billed by us */
  requestOtp(msisdn: string): Promise<UnitelOutcome<{ expiresInS: number }>>;
  /** the subscriber's code: a consent token we charge against (until the subscriber revokes it) */
  confirmOtp(msisdn: string, otp: string): Promise<UnitelOutcome<{ consentToken: string; maskedMsisdn: string }>>;
}

export const isUnitelGateway = (gateway: Gateway | undefined): gateway is UnitelGateway =>
  gateway?.rail === 'unitel' && 'requestOtp' in gateway;

interface Answer {
  status: number;
  body: unknown;
}

/**
 * Unitel carrier billing (assumed protocol, JSON, bearer token, `merchant_id` in every call):
 * - `POST /otp` `{ merchant_id, msisdn, service_name }` → `{ result: 'OK', expires_in }`: Unitel
 *   texts the subscriber a code;
 * - `POST /consents` `{ merchant_id, msisdn, otp }` → `{ result: 'OK', consent_token, msisdn_masked }`;
 * - `POST /charges` `{ merchant_id, consent_token, reference, amount, currency, description }` →
 *   `{ result: 'OK', charge: { charge_id, reference, amount, status: CHARGED | FAILED, failure_code } }`,
 *   synchronous, idempotent by our `reference` (the same reference answers the same charge);
 * - `GET /charges?merchant_id=&reference=` → the charge (the inquiry by our reference);
 * - `POST /charges/{charge_id}/refund` `{ merchant_id, amount }` → `{ result: 'OK', refund_id }`.
 * A refusal is `{ result: 'ERROR', code, message }` with a 4xx status.
 */
export function unitelGateway(config: UnitelConfig): UnitelGateway {
  const base = config.baseUrl.replace(/\/+$/, '');
  const doFetch = config.fetch ?? fetch;
  const serviceName = config.serviceName ?? 'Nomsan';

  async function send(method: 'GET' | 'POST', path: string, body?: object): Promise<Answer> {
    const what = `${method} ${path.split('?')[0] ?? path}`;
    const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${config.token}` };
    if (body) headers['content-type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers,
        body: body ? JSON.stringify({ merchant_id: config.merchantId, ...body }) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      throw new GatewayError('unitel', `${what} did not answer (${error instanceof Error ? error.name : 'error'})`);
    }
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch {
      throw new GatewayError('unitel', `${what}: the answer is not JSON`, response.status);
    }
  }

  /** an answer's data; a refusal whose code is one of `refusals` is answered, anything else thrown */
  async function call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    body?: object,
  ): Promise<UnitelOutcome<{ data: z.output<S> }>> {
    const what = `${method} ${path.split('?')[0] ?? path}`;
    const answer = await send(method, path, body);
    const head = envelope.safeParse(answer.body);
    if (!head.success) throw new GatewayError('unitel', `${what}: unexpected answer`, answer.status);
    if (head.data.result === 'ERROR') {
      const refusal = REFUSALS[head.data.code ?? ''];
      if (refusal && answer.status >= 400 && answer.status < 500) return { ok: false, refusal };
      throw new GatewayError(
        'unitel',
        `${what} refused ${answer.status} ${head.data.code ?? ''}`.trim(),
        answer.status,
      );
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new GatewayError('unitel', `${what} answered ${answer.status}`, answer.status);
    }
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) throw new GatewayError('unitel', `${what}: unexpected answer`, answer.status);
    return { ok: true, data: parsed.data as z.output<S> };
  }

  /** a call whose refusal is never the subscriber's to act on */
  async function must<S extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: S, body?: object) {
    const outcome = await call(method, path, schema, body);
    if (!outcome.ok) throw new GatewayError('unitel', `${method} ${path.split('?')[0]} refused ${outcome.refusal}`);
    return outcome.data;
  }

  async function requestOtp(msisdn: string): Promise<UnitelOutcome<{ expiresInS: number }>> {
    const outcome = await call('POST', '/otp', otpSent, { msisdn, service_name: serviceName });
    return outcome.ok ? { ok: true, expiresInS: outcome.data.expires_in } : outcome;
  }

  async function confirmOtp(
    msisdn: string,
    otp: string,
  ): Promise<UnitelOutcome<{ consentToken: string; maskedMsisdn: string }>> {
    const outcome = await call('POST', '/consents', consentGiven, { msisdn, otp });
    return outcome.ok
      ? { ok: true, consentToken: outcome.data.consent_token, maskedMsisdn: outcome.data.msisdn_masked }
      : outcome;
  }

  /**
   * Charges the phone bill at once against the consent (the saved "card" token). A charge
   * refused for the balance is not an error here: its id is answered and `checkPayment` tells
   * it failed. A charge whose answer was lost is asked for again with the same reference, which
   * Unitel answers with the charge already made (never a second one).
   */
  async function createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    if (!input.cardToken) throw new GatewayError('unitel', "a charge needs the subscriber's consent token");
    const body = {
      consent_token: input.cardToken,
      reference: input.reference,
      amount: input.amountMnt,
      currency: 'MNT',
      description: input.description.slice(0, 100),
    };
    let answer;
    try {
      answer = await must('POST', '/charges', chargeAnswer, body);
    } catch (error) {
      if (!(error instanceof GatewayError) || error.status !== undefined) throw error;
      answer = await must('POST', '/charges', chargeAnswer, body);
    }
    return { providerPaymentId: answer.charge.charge_id, action: { kind: 'done' }, expiresAt: null };
  }

  async function checkPayment(_providerPaymentId: string, reference: string): Promise<PaymentCheck> {
    const query = `merchant_id=${encodeURIComponent(config.merchantId)}&reference=${encodeURIComponent(reference)}`;
    const answer = await send('GET', `/charges?${query}`);
    const head = envelope.safeParse(answer.body);
    if (answer.status === 404 && head.success && head.data.code === 'CHARGE_NOT_FOUND') {
      return { state: 'failed', code: 'error', detail: 'CHARGE_NOT_FOUND' };
    }
    if (answer.status !== 200 || !head.success || head.data.result !== 'OK') {
      throw new GatewayError('unitel', `GET /charges answered ${answer.status}`, answer.status);
    }
    const parsed = chargeAnswer.safeParse(answer.body);
    if (!parsed.success) throw new GatewayError('unitel', 'GET /charges: unexpected answer', answer.status);
    const found = parsed.data.charge;
    if (found.reference !== reference) throw new GatewayError('unitel', 'a charge of another reference');
    if (found.status === 'FAILED') {
      const code = found.failure_code ?? 'FAILED';
      return { state: 'failed', code: CHARGE_FAILURES[code] ?? 'error', detail: code };
    }
    return { state: 'paid', paidAmountMnt: found.amount, providerTransactionId: found.charge_id };
  }

  async function refund(providerTransactionId: string, amountMnt: number): Promise<{ refundId: string }> {
    const answer = await must('POST', `/charges/${encodeURIComponent(providerTransactionId)}/refund`, refundAnswer, {
      amount: amountMnt,
    });
    return { refundId: answer.refund_id };
  }

  return { rail: 'unitel', createPayment, checkPayment, refund, requestOtp, confirmOtp };
}
