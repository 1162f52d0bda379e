import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  GatewayError,
  type CreatedPayment,
  type CreatePaymentInput,
  type Gateway,
  type PaymentCheck,
  type PaymentFailure,
  type Rail,
  type SavedCardToken,
} from '../gateway';

/**
 * Golomt Bank e-commerce, as its merchant documentation describes it
 * (https://dev.golomtbank.com:7443/docs/ecommerce_intro_en): JSON `POST`s with a bearer token,
 * every request and answer signed with a checksum (HMAC-SHA256 of named fields concatenated in a
 * documented order, keyed with the merchant secret, lowercase hex).
 */
export interface GolomtConfig {
  /** https://ecommerce.golomtbank.com, or the sandbox (…/sandbox/golomt) */
  baseUrl: string;
  /** the bearer token the bank gives with the merchant contract */
  token: string;
  /** the merchant's HMAC key for checksums */
  secret: string;
  /** the language of the bank's pages and answers */
  lang?: 'MN' | 'EN';
  fetch?: typeof fetch;
  /** `card`: the card page (rail golomt); `socialpay`: the SocialPay page (rail socialpay) */
  variant?: 'card' | 'socialpay';
}

const REQUEST_TIMEOUT_MS = 10_000;
/** the browser comes back with a plain GET (the alternatives: an auto-posted form, an app deeplink) */
const RETURN_TYPE = 'GET';
/** Golomt's only documented success code */
const SUCCESS = '000';

/**
 * The failures we tell apart by Golomt `errorCode`. Golomt documents only "000" (success) in
 * public; these codes are the sandbox's and must be checked against Golomt's error code table
 * before going live. Any other code reads as declined: Golomt counts every code but "000" as an
 * unsuccessful transaction.
 */
const FAILURE_BY_CODE: Readonly<Record<string, PaymentFailure>> = {
  '051': 'insufficient_funds',
  '017': 'cancelled',
  '068': 'timeout',
  /** a reversed (refunded) sale */
  '400': 'cancelled',
};

const text = z.union([z.string(), z.number()]).transform(String);
const invoiceAnswer = z.looseObject({ invoice: z.string().min(1), checksum: z.string(), transactionId: text });
/** inquiry, pay-by-token and refund answers, and the push notification */
const resultAnswer = z.looseObject({
  transactionId: text,
  amount: text.default(''),
  errorCode: text.default(''),
  errorDesc: z.string().default(''),
  checksum: z.string(),
  status: z.string().optional(),
  cardNumber: z.string().optional(),
  token: z.string().optional(),
});
type ResultAnswer = z.output<typeof resultAnswer>;

/** A saved-card payment the bank declined, with the failure the payer's message is chosen by. */
export class GolomtPaymentDeclined extends GatewayError {
  constructor(
    rail: Rail,
    readonly failure: PaymentFailure,
    detail: string,
  ) {
    super(rail, `payment declined: ${detail}`);
    this.name = 'GolomtPaymentDeclined';
  }
}

/**
 * The Golomt e-commerce rail: a hosted card page (or, with `variant: 'socialpay'`, the SocialPay
 * page) for an invoice, payment by a saved card's token without a page, the inquiry that says what
 * became of a transaction, and refunds. Which Golomt it talks to (the real one or the sandbox) is
 * only `baseUrl`, `token` and `secret`.
 */
export function golomtGateway(config: GolomtConfig): Gateway {
  const variant = config.variant ?? 'card';
  const rail: Rail = variant === 'socialpay' ? 'socialpay' : 'golomt';
  const lang = config.lang ?? 'MN';
  const base = config.baseUrl.replace(/\/+$/, '');
  const doFetch = config.fetch ?? fetch;
  const sign = (...fields: string[]) => golomtChecksum(config.secret, fields);

  async function call<S extends z.ZodType>(path: string, body: Record<string, string>, schema: S) {
    const response = await send(path, body);
    const answer = await response.text().catch(() => {
      throw new GatewayError(rail, `${path}: the answer broke off`, response.status);
    });
    if (!response.ok)
      throw new GatewayError(rail, `${path} answered ${response.status}${bankMessage(answer)}`, response.status);
    const parsed = schema.safeParse(parseJson(answer));
    if (!parsed.success) throw new GatewayError(rail, `${path}: unexpected answer`, response.status);
    return parsed.data as z.output<S>;
  }

  async function send(path: string, body: Record<string, string>): Promise<Response> {
    try {
      return await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${config.token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new GatewayError(rail, `${path}: ${timedOut ? 'no answer within 10 s' : 'request failed'}`);
    }
  }

  /** a signed result (`transactionId + errorCode + amount [+ token]`) about our transaction */
  async function callForResult(path: string, body: Record<string, string>, transactionId: string) {
    const answer = await call(path, body, resultAnswer);
    if (!resultIsSigned(answer, config.secret)) throw new GatewayError(rail, `${path}: answer checksum does not match`);
    if (answer.transactionId !== transactionId)
      throw new GatewayError(rail, `${path}: answer is about another transaction`);
    return answer;
  }

  async function createInvoice(input: CreatePaymentInput): Promise<CreatedPayment> {
    const amount = wholeTogrog(rail, input.amountMnt);
    const answer = await call(
      '/api/invoice',
      {
        amount,
        callback: input.returnUrl,
        checksum: sign(input.reference, amount, RETURN_TYPE, input.returnUrl),
        genToken: input.saveCard ? 'Y' : 'N',
        returnType: RETURN_TYPE,
        transactionId: input.reference,
        socialDeeplink: 'N',
      },
      invoiceAnswer,
    );
    if (!sameChecksum(answer.checksum, sign(answer.invoice, answer.transactionId)))
      throw new GatewayError(rail, '/api/invoice: answer checksum does not match');
    if (answer.transactionId !== input.reference)
      throw new GatewayError(rail, '/api/invoice: answer is about another transaction');
    const page = variant === 'socialpay' ? 'socialpay' : 'payment';
    return {
      providerPaymentId: answer.invoice,
      action: { kind: 'redirect', url: `${base}/${page}/${lang.toLowerCase()}/${encodeURIComponent(answer.invoice)}` },
      // the bank closes its page after a merchant-specific 2 to 10 minutes; it does not say when
      expiresAt: null,
    };
  }

  async function payByToken(input: CreatePaymentInput, token: string): Promise<CreatedPayment> {
    const amount = wholeTogrog(rail, input.amountMnt);
    const answer = await callForResult(
      '/api/pay',
      { amount, checksum: sign(amount, input.reference, token), transactionId: input.reference, lang, token },
      input.reference,
    );
    if (answer.errorCode !== SUCCESS)
      throw new GolomtPaymentDeclined(rail, failureFor(answer.errorCode), describe(answer));
    return { providerPaymentId: input.reference, action: { kind: 'done' }, expiresAt: null };
  }

  return {
    rail,
    createPayment: (input) => (input.cardToken ? payByToken(input, input.cardToken) : createInvoice(input)),

    // Golomt finds a transaction by our reference (its transactionId), not by its invoice id.
    async checkPayment(_providerPaymentId, reference) {
      const answer = await callForResult(
        '/api/inquiry',
        { checksum: sign(reference, reference), transactionId: reference },
        reference,
      );
      return resultToCheck(rail, answer);
    },

    // Not in Golomt's public documentation: the sandbox's call, to confirm with Golomt before going live.
    async refund(providerTransactionId, amountMnt) {
      const amount = wholeTogrog(rail, amountMnt);
      const answer = await callForResult(
        '/api/refund',
        { amount, checksum: sign(providerTransactionId, amount), transactionId: providerTransactionId },
        providerTransactionId,
      );
      if (answer.errorCode !== SUCCESS) throw new GatewayError(rail, `refund refused: ${describe(answer)}`);
      return { refundId: answer.transactionId };
    },
  };
}

/**
 * Reads Golomt's push notification (a JSON `POST` to the URL the merchant registered with the
 * bank) after checking its checksum; like any callback it is a trigger, the inquiry stays what
 * counts. Throws GatewayError when the body is not a notification or is not signed with `secret`.
 */
export function verifyGolomtNotification(body: unknown, secret: string): { reference: string; check: PaymentCheck } {
  const parsed = resultAnswer.safeParse(body);
  if (!parsed.success) throw new GatewayError('golomt', 'notification: unexpected body');
  if (!resultIsSigned(parsed.data, secret)) throw new GatewayError('golomt', 'notification checksum does not match');
  return { reference: parsed.data.transactionId, check: resultToCheck('golomt', parsed.data) };
}

function resultToCheck(rail: Rail, answer: ResultAnswer): PaymentCheck {
  if (answer.errorCode === SUCCESS) {
    return {
      state: 'paid',
      paidAmountMnt: paidAmount(rail, answer.amount),
      providerTransactionId: answer.transactionId,
      ...(answer.token ? { savedCard: savedCard(answer.token, answer.cardNumber ?? '') } : {}),
    };
  }
  if (answer.status === 'PENDING') return { state: 'pending' };
  return { state: 'failed', code: failureFor(answer.errorCode), detail: describe(answer) };
}

/** Golomt's checksum: HMAC-SHA256 over the fields concatenated, keyed with the secret, lowercase hex. */
function golomtChecksum(secret: string, fields: string[]): string {
  return createHmac('sha256', secret).update(fields.join('')).digest('hex');
}

function sameChecksum(given: string, expected: string): boolean {
  const a = Buffer.from(given.toLowerCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `checksum = transactionId + errorCode + amount + token`, the token left out when there is none */
function resultIsSigned(answer: ResultAnswer, secret: string): boolean {
  const fields = [answer.transactionId, answer.errorCode, answer.amount, answer.token ?? ''];
  return sameChecksum(answer.checksum, golomtChecksum(secret, fields));
}

function failureFor(errorCode: string): PaymentFailure {
  return FAILURE_BY_CODE[errorCode] ?? 'declined';
}

function describe(answer: ResultAnswer): string {
  return `${answer.errorCode} ${answer.errorDesc}`.trim();
}

function wholeTogrog(rail: Rail, amountMnt: number): string {
  if (!Number.isSafeInteger(amountMnt) || amountMnt <= 0)
    throw new GatewayError(rail, 'amount must be a positive whole number of tögrög');
  return String(amountMnt);
}

/** Golomt answers amounts as text, `"12900"` or `"12900.00"`; we take whole tögrög only. */
function paidAmount(rail: Rail, amount: string): number {
  const value = Number(amount);
  if (amount.trim() === '' || !Number.isSafeInteger(value))
    throw new GatewayError(rail, `paid amount "${amount}" is not whole tögrög`);
  return value;
}

/**
 * The card the bank saved: its token and masked number (Golomt shows `411111******1111`). Golomt
 * does not give the expiry, so it stays empty.
 */
function savedCard(token: string, maskedNumber: string): SavedCardToken {
  return { token, maskedNumber, brand: brandOf(maskedNumber), expiry: '' };
}

function brandOf(maskedNumber: string): string {
  if (maskedNumber.startsWith('62')) return 'UnionPay';
  const first = maskedNumber.charAt(0);
  if (first === '4') return 'Visa';
  if (first === '2' || first === '5') return 'Mastercard';
  if (first === '9') return 'Local';
  return 'Card';
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** the `message` of Golomt's error answer (`{ timestamp, status, error, message, path }`), if any */
function bankMessage(body: string): string {
  const message = (parseJson(body) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? `: ${message.slice(0, 200)}` : '';
}
