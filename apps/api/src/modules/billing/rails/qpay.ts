import { z } from 'zod';
import {
  GatewayError,
  type BankDeeplink,
  type CreatedPayment,
  type CreatePaymentInput,
  type Gateway,
  type PaymentCheck,
} from '../gateway';

/** Where and as whom the adapter talks to QPay v2; the sandbox and the real one differ only here. */
export interface QpayConfig {
  /** e.g. https://merchant.qpay.mn, https://merchant-sandbox.qpay.mn or the local sandbox's mount */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** the merchant's `invoice_code`, issued by QPay */
  invoiceCode: string;
  fetch?: typeof fetch;
  /** the clock the token lifetimes are measured against (tests move it) */
  now?: () => number;
}

const REQUEST_TIMEOUT_MS = 10_000;
/** a token is renewed this long before it expires (at most half its lifetime) */
const RENEW_MARGIN_MS = 30_000;
/** an invoice has a handful of payments at most; one page holds them all */
const CHECK_PAGE_LIMIT = 100;
/**
 * QPay's `expires_in` / `refresh_expires_in` are documented as lifetimes in seconds, yet the live
 * service is reported to answer Unix timestamps; a number past this (2001-09-09) is a timestamp.
 */
const EPOCH_SECONDS_FLOOR = 1_000_000_000;

const tokenAnswer = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().positive(),
  refresh_expires_in: z.number().positive(),
});

const invoiceAnswer = z.looseObject({
  invoice_id: z.string().min(1),
  qr_text: z.string(),
  qr_image: z.string(),
  qPay_shortUrl: z.string().nullish(),
  urls: z
    .array(z.looseObject({ name: z.string(), description: z.string(), logo: z.string(), link: z.string() }))
    .nullish(),
});

const amount = z.union([z.number(), z.string()]);
const paymentId = z.union([z.string().min(1), z.number()]).transform(String);

/** statuses after which a payment will not become PAID */
const SETTLED_UNPAID = new Set(['FAILED', 'REFUNDED', 'CANCELLED']);

const paymentRow = z.looseObject({ payment_id: paymentId, payment_status: z.string(), payment_amount: amount });

const checkAnswer = z.looseObject({ count: z.number(), rows: z.array(paymentRow) });

/** one payment as `/v2/payment/check` lists it */
export type PaymentRow = z.infer<typeof paymentRow>;

interface Answer {
  status: number;
  text: string;
}

interface Tokens {
  access: string;
  accessFreshUntil: number;
  refresh: string;
  refreshFreshUntil: number;
}

/**
 * The QPay v2 merchant API as a payment rail: an invoice with a QR code and bank-app deeplinks per
 * attempt, `/v2/payment/check` as the answer to what became of it, and refunds by payment id. The
 * access token lives in memory and is renewed with the refresh token before it expires.
 */
export function qpayGateway(config: QpayConfig): Gateway {
  const http = qpayHttp(config);
  const tokens = qpayTokens(config, http);

  /** a call with the access token; a 401 (a token QPay dropped early) is retried once, renewed */
  async function authorized(method: string, path: string, body?: unknown): Promise<Answer> {
    const token = await tokens.access();
    let answer = await http.send(method, path, { authorization: `Bearer ${token}`, body });
    if (answer.status === 401) {
      tokens.forget(token);
      answer = await http.send(method, path, { authorization: `Bearer ${await tokens.access()}`, body });
    }
    return expectOk(method, path, answer);
  }

  async function createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const answer = await authorized('POST', '/v2/invoice', {
      invoice_code: config.invoiceCode,
      sender_invoice_no: input.reference,
      invoice_receiver_code: 'terminal',
      invoice_description: input.description,
      amount: input.amountMnt,
      callback_url: input.callbackUrl,
    });
    const invoice = parseAnswer(invoiceAnswer, 'POST /v2/invoice', answer);
    const deeplinks: BankDeeplink[] = (invoice.urls ?? []).map(({ name, description, logo, link }) => ({
      name,
      description,
      logo,
      link,
    }));
    return {
      providerPaymentId: invoice.invoice_id,
      action: {
        kind: 'qr',
        qrText: invoice.qr_text,
        qrImage: pngDataUrl(invoice.qr_image),
        shortUrl: invoice.qPay_shortUrl ?? null,
        deeplinks,
      },
      expiresAt: null,
    };
  }

  async function checkPayment(providerPaymentId: string): Promise<PaymentCheck> {
    const answer = await authorized('POST', '/v2/payment/check', {
      object_type: 'INVOICE',
      object_id: providerPaymentId,
      offset: { page_number: 1, page_limit: CHECK_PAGE_LIMIT },
    });
    return paymentCheckFrom(parseAnswer(checkAnswer, 'POST /v2/payment/check', answer).rows);
  }

  /** QPay gives a payment back whole: the amount asked must be the amount paid */
  async function refund(providerTransactionId: string, amountMnt: number): Promise<{ refundId: string }> {
    const path = `/v2/payment/${encodeURIComponent(providerTransactionId)}`;
    const payment = parseAnswer(paymentRow, `GET ${path}`, await authorized('GET', path));
    if (payment.payment_status === 'REFUNDED') return { refundId: payment.payment_id };
    if (payment.payment_status !== 'PAID') throw new GatewayError('qpay', `payment is ${payment.payment_status}`);
    if (togrog(payment.payment_amount) !== amountMnt) {
      throw new GatewayError('qpay', 'a QPay payment is refunded only in full');
    }
    await authorized('DELETE', `/v2/payment/refund/${encodeURIComponent(providerTransactionId)}`);
    return { refundId: payment.payment_id };
  }

  async function cancelPayment(providerPaymentId: string): Promise<void> {
    await authorized('DELETE', `/v2/invoice/${encodeURIComponent(providerPaymentId)}`);
  }

  return { rail: 'qpay', createPayment, checkPayment, refund, cancelPayment };
}

/**
 * What a list of payments on one invoice means: paid when any is PAID (the PAID amounts summed,
 * the first PAID one named for a refund), pending while none is settled either way, failed when
 * every one was refunded or cancelled (the money went back: nothing is owed) or failed.
 */
export function paymentCheckFrom(rows: PaymentRow[]): PaymentCheck {
  const paid = rows.filter((row) => row.payment_status === 'PAID');
  const [first] = paid;
  if (first) {
    const paidAmountMnt = paid.reduce((sum, row) => sum + togrog(row.payment_amount), 0);
    return { state: 'paid', paidAmountMnt, providerTransactionId: first.payment_id };
  }
  const settled = rows.filter((row) => SETTLED_UNPAID.has(row.payment_status));
  if (rows.length === 0 || settled.length < rows.length) return { state: 'pending' };
  const reversed = settled.find((row) => row.payment_status !== 'FAILED');
  if (reversed) {
    return { state: 'failed', code: 'cancelled', detail: `payment ${reversed.payment_id} ${reversed.payment_status}` };
  }
  return { state: 'failed', code: 'declined', detail: 'every payment FAILED' };
}

/**
 * An amount as QPay writes it (`12900`, `"12900.00"`) in whole tögrög; anything with a fraction
 * of a tögrög cannot be ours and is refused rather than rounded.
 */
function togrog(value: string | number): number {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(\d{1,15})(?:\.0+)?$/.exec(text);
  if (!match?.[1]) throw new GatewayError('qpay', 'an amount that is not whole tögrög');
  return Number(match[1]);
}

function pngDataUrl(image: string): string {
  return image.startsWith('data:') ? image : `data:image/png;base64,${image}`;
}

/** The raw calls: timed out, never throwing on a status, never carrying credentials in errors. */
function qpayHttp(config: QpayConfig) {
  const base = config.baseUrl.replace(/\/+$/, '');
  const fetchImpl = config.fetch ?? fetch;

  async function send(
    method: string,
    path: string,
    options: { authorization: string; body?: unknown },
  ): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json', authorization: options.authorization };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    try {
      const response = await fetchImpl(`${base}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'error';
      throw new GatewayError('qpay', `${method} ${path} did not answer (${reason})`);
    }
  }

  return { send };
}

type QpayHttp = ReturnType<typeof qpayHttp>;

/**
 * The token pair in memory. One renewal runs at a time; it uses the refresh token while that is
 * fresh and falls back to the client credentials when refreshing fails.
 */
function qpayTokens(config: QpayConfig, http: QpayHttp) {
  const now = config.now ?? Date.now;
  const basic = `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`;
  let current: Tokens | null = null;
  let renewing: Promise<string> | null = null;

  async function obtain(path: string, authorization: string): Promise<string> {
    const requestedAt = now();
    const answer = expectOk('POST', path, await http.send('POST', path, { authorization }));
    const pair = parseAnswer(tokenAnswer, `POST ${path}`, answer);
    current = {
      access: pair.access_token,
      accessFreshUntil: freshUntil(requestedAt, pair.expires_in),
      refresh: pair.refresh_token,
      refreshFreshUntil: freshUntil(requestedAt, pair.refresh_expires_in),
    };
    return current.access;
  }

  async function renew(): Promise<string> {
    if (current && now() < current.refreshFreshUntil) {
      try {
        return await obtain('/v2/auth/refresh', `Bearer ${current.refresh}`);
      } catch {
        // a refused or failed refresh is not final: the client credentials still work
      }
    }
    return obtain('/v2/auth/token', basic);
  }

  /** a fresh access token, renewed when it is about to expire */
  function access(): Promise<string> {
    if (current && now() < current.accessFreshUntil) return Promise.resolve(current.access);
    renewing ??= renew().finally(() => {
      renewing = null;
    });
    return renewing;
  }

  /** QPay refused this token: the next call renews it */
  function forget(token: string): void {
    if (current?.access === token) current.accessFreshUntil = 0;
  }

  return { access, forget };
}

/** when a token obtained at `requestedAt` should be renewed, from QPay's lifetime or timestamp */
function freshUntil(requestedAt: number, expires: number): number {
  const expiresAt = expires >= EPOCH_SECONDS_FLOOR ? expires * 1000 : requestedAt + expires * 1000;
  const lifetime = Math.max(0, expiresAt - requestedAt);
  return expiresAt - Math.min(RENEW_MARGIN_MS, lifetime / 2);
}

function expectOk(method: string, path: string, answer: Answer): Answer {
  if (answer.status >= 200 && answer.status < 300) return answer;
  const code = errorCode(answer.text);
  throw new GatewayError('qpay', `${method} ${path} answered ${answer.status}${code ? ` ${code}` : ''}`, answer.status);
}

/** QPay's `error_code` (or `error`), when the body has one that looks like a code */
function errorCode(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null) return null;
    const record = body as Record<string, unknown>;
    const code = record.error_code ?? record.error;
    return typeof code === 'string' && /^[A-Z0-9_]{1,64}$/.test(code) ? code : null;
  } catch {
    return null;
  }
}

function parseAnswer<T>(schema: z.ZodType<T>, what: string, answer: Answer): T {
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    throw new GatewayError('qpay', `${what}: the answer is not JSON`, answer.status);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new GatewayError('qpay', `${what}: unexpected answer`, answer.status);
  return parsed.data;
}
