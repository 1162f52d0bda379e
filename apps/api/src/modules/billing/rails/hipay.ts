import { z } from 'zod';
import {
  GatewayError,
  type CreatedPayment,
  type CreatePaymentInput,
  type Gateway,
  type PaymentCheck,
} from '../gateway';

/**
 * Where and as whom the adapter talks to the HiPay (hipay.mn) merchant API; the sandbox and the
 * real one differ only here. HiPay issues both with the merchant contract.
 */
export interface HipayConfig {
  /**
   * https://test.hipay.mn (HiPay's test host, in its documentation), https://sts.hipay.mn (the
   * production host public clients use) or the local sandbox's mount
   */
  baseUrl: string;
  /** the merchant's `entityId` (HiPay also calls it `client_id`) */
  entityId: string;
  /** the merchant's token (`client_secret`), sent as `Authorization: Bearer` */
  token: string;
  /** the language of HiPay's payment page */
  lang?: 'mn' | 'en';
  fetch?: typeof fetch;
}

const REQUEST_TIMEOUT_MS = 10_000;
/** HiPay's documented limits on an item's `itemno` and `name` */
const ITEM_NO_MAX = 32;
const ITEM_NAME_MAX = 200;

/** `code` is documented as a string ("0"/"1"); the examples and public clients show a number */
const flag = z.union([z.number(), z.string()]).transform(String);
const amount = z.union([z.number(), z.string()]);
const id = z.union([z.string(), z.number()]).transform(String);

/** every answer: `code` 1 is success, 0 failure, `description` a status word */
const envelope = z.looseObject({ code: flag, description: z.string().nullish() });

const checkoutAnswer = z.looseObject({
  checkoutId: z.string().min(1),
  expires: z.string().nullish(),
});

const checkoutState = z.looseObject({
  status: z.string(),
  amount: amount.nullish(),
  paymentId: id.nullish(),
});

const paymentAnswer = z.looseObject({ amount, paymentId: id.nullish() });

const refundAnswer = z.looseObject({ paymentId: id.nullish(), correction_paymentId: id.nullish() });

interface Answer {
  status: number;
  text: string;
}

/**
 * The HiPay merchant API (https://developers.hipay.mn/en/main) as a payment rail: a checkout
 * (`POST /checkout`) per attempt, whose hosted payment form (`GET /payment/?checkoutId=`) the
 * payer is sent to; the checkout's status (`GET /checkout/get/:checkoutId`) as the answer to what
 * became of it; refunds (`POST /payment/cancel`, whole payments only, the same day) and cancelling
 * an unpaid checkout (`POST /checkout/cancel`). HiPay's webhook (a GET to `webhook_url` with
 * `checkoutId` and `paymentId`, repeated until it is answered 200) is only a trigger to check.
 */
export function hipayGateway(config: HipayConfig): Gateway {
  const base = config.baseUrl.replace(/\/+$/, '');
  const doFetch = config.fetch ?? fetch;
  const lang = config.lang ?? 'mn';
  const entity = `entityId=${encodeURIComponent(config.entityId)}`;

  /** one call: a failure to answer, a status other than 2xx or a `code` other than 1 throws */
  async function call<S extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: S, body?: unknown) {
    const what = `${method} ${path.split('?')[0] ?? path}`;
    const answer = await send(method, path, what, body);
    const parsedBody = parseJson(answer, what);
    const head = envelope.safeParse(parsedBody);
    if (answer.status < 200 || answer.status >= 300) {
      const word = head.success ? statusWord(head.data.description) : '';
      throw new GatewayError('hipay', `${what} answered ${answer.status}${word}`, answer.status);
    }
    if (!head.success) throw new GatewayError('hipay', `${what}: unexpected answer`, answer.status);
    if (head.data.code !== '1') {
      throw new GatewayError('hipay', `${what} refused${statusWord(head.data.description)}`, answer.status);
    }
    const parsed = schema.safeParse(parsedBody);
    if (!parsed.success) throw new GatewayError('hipay', `${what}: unexpected answer`, answer.status);
    return parsed.data as z.output<S>;
  }

  async function send(method: string, path: string, what: string, body: unknown): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${config.token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      const response = await doFetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'error';
      throw new GatewayError('hipay', `${what} did not answer (${reason})`);
    }
  }

  async function createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const checkout = await call('POST', '/checkout', checkoutAnswer, {
      entityId: config.entityId,
      amount: input.amountMnt,
      currency: 'MNT',
      qrData: false,
      redirect_uri: input.returnUrl,
      webhook_url: input.callbackUrl,
      // HiPay has no merchant reference field: ours travels as the one item's number
      items: [
        {
          itemno: input.reference.slice(0, ITEM_NO_MAX),
          name: input.description.slice(0, ITEM_NAME_MAX),
          price: input.amountMnt,
          quantity: 1,
        },
      ],
    });
    const page = new URL(`${base}/payment/`);
    page.searchParams.set('checkoutId', checkout.checkoutId);
    page.searchParams.set('lang', lang);
    return {
      providerPaymentId: checkout.checkoutId,
      action: { kind: 'redirect', url: page.toString() },
      expiresAt: dateOrNull(checkout.expires),
    };
  }

  async function checkPayment(providerPaymentId: string): Promise<PaymentCheck> {
    const path = `/checkout/get/${encodeURIComponent(providerPaymentId)}?${entity}`;
    return paymentCheckFromCheckout(await call('GET', path, checkoutState));
  }

  /**
   * HiPay gives a payment back whole (its refund call takes no amount), and only on the day it
   * was paid: the amount asked must be the amount paid, read first with `/payment/get`.
   */
  async function refund(providerTransactionId: string, amountMnt: number): Promise<{ refundId: string }> {
    const paymentId = encodeURIComponent(providerTransactionId);
    const payment = await call('GET', `/payment/get/${paymentId}?${entity}`, paymentAnswer);
    if (togrog(payment.amount) !== amountMnt) {
      throw new GatewayError('hipay', 'a HiPay payment is refunded only in full');
    }
    const answer = await call('POST', '/payment/cancel', refundAnswer, {
      entityId: config.entityId,
      paymentId: providerTransactionId,
    });
    return { refundId: answer.correction_paymentId ?? answer.paymentId ?? providerTransactionId };
  }

  /** a cancelled checkout can no longer be paid; a paid one cannot be cancelled (HiPay refuses) */
  async function cancelPayment(providerPaymentId: string): Promise<void> {
    await call('POST', '/checkout/cancel', envelope, { checkoutId: providerPaymentId });
  }

  return { rail: 'hipay', createPayment, checkPayment, refund, cancelPayment };
}

/**
 * What a checkout's status means. HiPay documents `new`, `canceled`, `paid`, `expired` and
 * `invalid` (its examples write them `paid - Paid`; public clients' tests write `PAID`), so only
 * the first word is read, in any case.
 */
export function paymentCheckFromCheckout(checkout: z.infer<typeof checkoutState>): PaymentCheck {
  const status = (/^[a-z]+/i.exec(checkout.status.trim())?.[0] ?? '').toLowerCase();
  switch (status) {
    case 'new':
      return { state: 'pending' };
    case 'paid': {
      if (!checkout.paymentId) throw new GatewayError('hipay', 'a paid checkout without a paymentId');
      if (checkout.amount === null || checkout.amount === undefined) {
        throw new GatewayError('hipay', 'a paid checkout without an amount');
      }
      return { state: 'paid', paidAmountMnt: togrog(checkout.amount), providerTransactionId: checkout.paymentId };
    }
    case 'canceled':
    case 'cancelled':
      return { state: 'failed', code: 'cancelled', detail: 'checkout canceled' };
    case 'expired':
      return { state: 'expired' };
    case 'invalid':
      return { state: 'failed', code: 'error', detail: 'checkout invalid' };
    default:
      throw new GatewayError('hipay', 'a checkout status the adapter does not know');
  }
}

/**
 * An amount as HiPay writes it (`12900`, `12900.00`, `"12900"`) in whole tögrög; HiPay takes
 * fractions (its examples say `1000.1`), but one of ours never has any, so it is refused, not
 * rounded.
 */
function togrog(value: string | number): number {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(\d{1,15})(?:\.0+)?$/.exec(text);
  if (!match?.[1]) throw new GatewayError('hipay', 'an amount that is not whole tögrög');
  return Number(match[1]);
}

/** the JSON of an answer; HiPay's documentation shows every answer as an array of one object */
function parseJson(answer: Answer, what: string): unknown {
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    throw new GatewayError('hipay', `${what}: the answer is not JSON`, answer.status);
  }
  return Array.isArray(body) && body.length === 1 ? (body[0] as unknown) : body;
}

/** HiPay's `description` when it is one of its status words (never its free-text `message`) */
function statusWord(description: string | null | undefined): string {
  return description && /^[A-Z_]{1,64}$/.test(description) ? ` ${description}` : '';
}

function dateOrNull(text: string | null | undefined): Date | null {
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}
