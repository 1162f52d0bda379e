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
 * U-Point (upoint.mn), Mongolia's shared loyalty programme, through its third-party merchant API
 * as the public client libraries use it (docs/payments.md, "Upoint"): JSON `POST`s under
 * `/transaction/thirdparty/…/` with `Authorization: Token <token>`; every answer carries `result`
 * (0 = success) and `message`. A member is looked up and confirmed with their PIN (`check_info`);
 * points are then spent by card number against our bill number (`process_transaction`), read back
 * by bill number (`check_transaction`) and given back by receipt id (`return_transaction`).
 */
export interface UpointConfig {
  /** U-Point's API origin (issued with the merchant contract), or the sandbox (…/sandbox/upoint) */
  baseUrl: string;
  /** the merchant token U-Point issues (sent as `Authorization: Token …`) */
  token: string;
  /** our `terminal_id` (U-Point: "the POS device's unique number"); default `NOMSAN-WEB` */
  terminalId?: string;
  /** what one point is worth in tögrög (a whole number; default 1) */
  mntPerPoint?: number;
  /**
   * our own page where the member confirms with their U-Point PIN (U-Point has no hosted page);
   * `createPayment` sends the payer there with `?reference=…`. Default: `/upoint` on the
   * origin of the attempt's `returnUrl`.
   */
  confirmationUrl?: string;
  fetch?: typeof fetch;
  /** the clock the bill date is written from (tests fix it) */
  now?: () => Date;
}

/** How a member names their U-Point account: the phone number it is registered to, or the card. */
export type UpointMember = { mobile: string } | { cardNumber: string };

/** Why U-Point would not let a member pay, for the member's message. */
export type UpointRefusal =
  | 'not_found'
  | 'wrong_pin'
  | 'blocked'
  /** a new card that needs the member's phone number first (`card_status` 2) */
  | 'needs_phone'
  | 'insufficient_points'
  | 'refused';

/** What `check_info` tells about a member who confirmed with their PIN. */
export type UpointBalance =
  | {
      ok: true;
      /** the card, all but its last four digits hidden */
      maskedCardNumber: string;
      points: number;
      /** what the points pay, in whole tögrög */
      valueMnt: number;
    }
  | { ok: false; refusal: UpointRefusal; detail: string };

/** The U-Point rail: a `Gateway`, plus the two calls the member's confirmation page needs. */
export interface UpointGateway extends Gateway {
  readonly rail: 'upoint';
  /** the member's points and their worth (`check_info`); needs the PIN, which U-Point checks */
  balance(member: UpointMember, pin: string): Promise<UpointBalance>;
  /**
   * Spends the member's points on one attempt (made with `createPayment`), confirmed with their
   * PIN: `check_info`, then `process_transaction` with our reference as the bill number. Safe to
   * repeat: an attempt already spent answers `paid` again. `failed` leaves the attempt open for
   * another try; the settlement still goes through `checkPayment`.
   */
  authorise(input: { reference: string; amountMnt: number; member: UpointMember; pin: string }): Promise<PaymentCheck>;
}

/** what a member types, checked before anything is sent (the store's routes can reuse these) */
export const upointMobile = z.string().regex(/^[6-9]\d{7}$/, 'an 8-digit Mongolian phone number');
export const upointCardNumber = z.string().regex(/^\d{6,20}$/, 'a card number of 6 to 20 digits');
export const upointPin = z.string().regex(/^\d{4,6}$/, 'a PIN of 4 to 6 digits');
export const upointMember = z.union([
  z.object({ mobile: upointMobile }).strict(),
  z.object({ cardNumber: upointCardNumber }).strict(),
]);

export function isUpointGateway(gateway: Gateway | undefined): gateway is UpointGateway {
  return gateway?.rail === 'upoint' && 'authorise' in gateway && 'balance' in gateway;
}

const REQUEST_TIMEOUT_MS = 10_000;
const DEFAULT_TERMINAL_ID = 'NOMSAN-WEB';
/** Ulaanbaatar keeps UTC+8 all year; U-Point's bill dates are local */
const ULAANBAATAR_OFFSET_MS = 8 * 60 * 60_000;

/**
 * `result` codes we tell apart. U-Point documents only that `result` is an error code and
 * `message` its text; 0 as success follows the client libraries. The others are the sandbox's
 * own (packages/sandbox/src/upoint.ts) and must be checked against U-Point's table before going
 * live; any code not listed reads as `refused`.
 */
export const UPOINT_RESULT = {
  success: 0,
  notFound: 1,
  wrongPin: 2,
  insufficientPoints: 3,
  blocked: 4,
  duplicateBill: 5,
  noTransaction: 6,
  returned: 7,
  badAmount: 8,
  badRequest: 9,
} as const;

/** `card_status`: 1 active, 2 new card (the phone number still to be given), 3 void, 4 wrong card */
const CARD_STATUS = { active: 1, needsPhone: 2, void: 3, wrong: 4 } as const;

const REFUSAL_BY_RESULT: Readonly<Record<number, UpointRefusal>> = {
  [UPOINT_RESULT.notFound]: 'not_found',
  [UPOINT_RESULT.wrongPin]: 'wrong_pin',
  [UPOINT_RESULT.insufficientPoints]: 'insufficient_points',
  [UPOINT_RESULT.blocked]: 'blocked',
};

/** numbers U-Point may write as JSON numbers or as strings (its own SDKs disagree) */
const numeric = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/),
  ])
  .transform(Number);
const id = z.union([z.string().min(1), z.number()]).transform(String);

const envelope = z.looseObject({ result: numeric.optional(), message: z.string().nullish() });

const infoAnswer = z.looseObject({
  card_status: numeric,
  card_number: id,
  balance: numeric,
});

const transactionAnswer = z.looseObject({
  receipt_id: id,
  bill_number: id.optional(),
  spend_point: numeric,
  point_balance: numeric.optional(),
});

const returnAnswer = z.looseObject({ return_receipt_id: id, refund_spend_point: numeric.optional() });

interface Answer {
  status: number;
  text: string;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; result: number; message: string };

export function upointGateway(config: UpointConfig): UpointGateway {
  const http = upointHttp(config);
  const terminalId = config.terminalId ?? DEFAULT_TERMINAL_ID;
  const mntPerPoint = config.mntPerPoint ?? 1;
  if (!Number.isInteger(mntPerPoint) || mntPerPoint < 1) {
    throw new GatewayError('upoint', 'mntPerPoint must be a whole number of tögrög');
  }
  const now = config.now ?? (() => new Date());
  /** references being spent right now in this process: a second call waits its turn as pending */
  const spending = new Set<string>();

  /** one call: a business refusal (`result` ≠ 0) comes back, anything unusable throws */
  async function call<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<Outcome<T>> {
    const answer = await http.post(path, body);
    const parsed = parseJson(path, answer);
    const head = envelope.safeParse(parsed);
    if (!head.success) throw new GatewayError('upoint', `${path}: unexpected answer`, answer.status);
    const result = head.data.result ?? UPOINT_RESULT.success;
    if (result !== UPOINT_RESULT.success) return { ok: false, result, message: head.data.message ?? '' };
    const value = schema.safeParse(parsed);
    if (!value.success) throw new GatewayError('upoint', `${path}: unexpected answer`, answer.status);
    return { ok: true, value: value.data };
  }

  type Info = z.infer<typeof infoAnswer>;
  type Checked = { ok: true; info: Info; mobile: string } | { ok: false; refusal: UpointRefusal; detail: string };

  async function checkInfo(member: UpointMember, pin: string): Promise<Checked> {
    const mobile = 'mobile' in member ? member.mobile : '';
    const cardNumber = 'cardNumber' in member ? member.cardNumber : '';
    const outcome = await call(
      '/transaction/thirdparty/check_info/',
      { card_number: cardNumber, mobile, pin_code: pin },
      infoAnswer,
    );
    if (!outcome.ok) return refusedBy('check_info', outcome.result);
    const info = outcome.value;
    if (info.card_status === CARD_STATUS.needsPhone && !mobile) {
      return { ok: false, refusal: 'needs_phone', detail: 'check_info card_status 2' };
    }
    if (info.card_status !== CARD_STATUS.active && info.card_status !== CARD_STATUS.needsPhone) {
      const refusal = info.card_status === CARD_STATUS.void ? 'blocked' : 'not_found';
      return { ok: false, refusal, detail: `check_info card_status ${info.card_status}` };
    }
    return { ok: true, info, mobile };
  }

  async function balance(member: UpointMember, pin: string): Promise<UpointBalance> {
    const checked = await checkInfo(member, pin);
    if (!checked.ok) return checked;
    const points = Math.max(0, Math.floor(checked.info.balance));
    return {
      ok: true,
      maskedCardNumber: maskCard(checked.info.card_number),
      points,
      valueMnt: points * mntPerPoint,
    };
  }

  /** what `check_transaction` says of our bill number: null when U-Point has no such bill */
  async function transactionOf(reference: string): Promise<PaymentCheck | null> {
    const outcome = await call(
      '/transaction/thirdparty/check_transaction/',
      { bill_number: reference, terminal_id: terminalId },
      transactionAnswer,
    );
    if (outcome.ok) return paidFrom(reference, outcome.value);
    if (outcome.result === UPOINT_RESULT.noTransaction) return null;
    if (outcome.result === UPOINT_RESULT.returned) {
      return { state: 'failed', code: 'cancelled', detail: 'check_transaction: the bill was returned' };
    }
    throw new GatewayError('upoint', `check_transaction answered result ${outcome.result}`);
  }

  function paidFrom(reference: string, answer: z.infer<typeof transactionAnswer>): PaymentCheck {
    if (answer.bill_number !== undefined && answer.bill_number !== reference) {
      throw new GatewayError('upoint', 'the transaction answered is for another bill number');
    }
    if (!Number.isInteger(answer.spend_point) || answer.spend_point < 0) {
      throw new GatewayError('upoint', 'spend_point is not a whole number of points');
    }
    return {
      state: 'paid',
      paidAmountMnt: answer.spend_point * mntPerPoint,
      providerTransactionId: answer.receipt_id,
    };
  }

  async function spend(
    input: { reference: string; amountMnt: number; member: UpointMember; pin: string },
    points: number,
  ): Promise<PaymentCheck> {
    const checked = await checkInfo(input.member, input.pin);
    if (!checked.ok) return declined(checked.refusal, checked.detail);
    const earlier = await transactionOf(input.reference);
    if (earlier) return earlier;
    if (checked.info.balance < points) {
      return declined('insufficient_points', `check_info: ${points} points asked, fewer held`);
    }
    const body = {
      card_number: checked.info.card_number,
      mobile: checked.mobile,
      date: billDate(now()),
      bill_number: input.reference,
      spend_amount: points,
      bonus_amount: 0,
      total_amount: input.amountMnt,
      cash_amount: 0,
      terminal_id: terminalId,
      bank: [],
      manufacturer: [],
      items: [],
    };
    let outcome;
    try {
      outcome = await call('/transaction/thirdparty/process_transaction/', body, transactionAnswer);
    } catch (error) {
      // the spend may have landed without its answer: the bill number tells
      const landed = await transactionOf(input.reference).catch(() => null);
      if (landed) return landed;
      throw error;
    }
    if (outcome.ok) return paidFrom(input.reference, outcome.value);
    if (outcome.result === UPOINT_RESULT.duplicateBill) {
      return (await transactionOf(input.reference)) ?? { state: 'pending' };
    }
    const refused = refusedBy('process_transaction', outcome.result);
    return declined(refused.refusal, refused.detail);
  }

  async function authorise(input: {
    reference: string;
    amountMnt: number;
    member: UpointMember;
    pin: string;
  }): Promise<PaymentCheck> {
    if (!Number.isInteger(input.amountMnt) || input.amountMnt <= 0 || input.amountMnt % mntPerPoint !== 0) {
      throw new GatewayError('upoint', `the amount is not a whole number of points (${mntPerPoint}₮ each)`);
    }
    if (spending.has(input.reference)) return { state: 'pending' };
    spending.add(input.reference);
    try {
      return await spend(input, input.amountMnt / mntPerPoint);
    } finally {
      spending.delete(input.reference);
    }
  }

  /**
   * U-Point has no call that opens a transaction and no page of its own: the attempt is only
   * our reference (the bill number to be), and the payer goes to our confirmation page, where
   * the PIN they give lets `authorise` spend.
   */
  async function createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const url = new URL(config.confirmationUrl ?? new URL('/upoint', input.returnUrl).toString());
    url.searchParams.set('reference', input.reference);
    return { providerPaymentId: input.reference, action: { kind: 'redirect', url: url.toString() }, expiresAt: null };
  }

  /** spent (paid), returned (failed, cancelled), or nothing yet (pending: the PIN is still awaited) */
  async function checkPayment(_providerPaymentId: string, reference: string): Promise<PaymentCheck> {
    return (await transactionOf(reference)) ?? { state: 'pending' };
  }

  /** gives the points back (`return_transaction`): the receipt's spent points, nothing earned */
  async function refund(providerTransactionId: string, amountMnt: number): Promise<{ refundId: string }> {
    if (!Number.isInteger(amountMnt) || amountMnt <= 0 || amountMnt % mntPerPoint !== 0) {
      throw new GatewayError('upoint', `the amount is not a whole number of points (${mntPerPoint}₮ each)`);
    }
    const outcome = await call(
      '/transaction/thirdparty/return_transaction/',
      {
        receipt_id: providerTransactionId,
        refund_spend_amount: amountMnt / mntPerPoint,
        refund_bonus_amount: 0,
        refund_cash_amount: 0,
        terminal_id: terminalId,
        bank: [],
        manufacturer: [],
        items: [],
      },
      returnAnswer,
    );
    if (!outcome.ok) throw new GatewayError('upoint', `return_transaction answered result ${outcome.result}`);
    return { refundId: outcome.value.return_receipt_id };
  }

  return { rail: 'upoint', createPayment, checkPayment, refund, balance, authorise };
}

function refusedBy(call: string, result: number): { ok: false; refusal: UpointRefusal; detail: string } {
  return { ok: false, refusal: REFUSAL_BY_RESULT[result] ?? 'refused', detail: `${call} result ${result}` };
}

function declined(refusal: UpointRefusal, detail: string): PaymentCheck {
  const code: PaymentFailure = refusal === 'insufficient_points' ? 'insufficient_funds' : 'declined';
  return { state: 'failed', code, detail: `${refusal}: ${detail}` };
}

/** `9496000000000001` as `•••• 0001` */
function maskCard(cardNumber: string): string {
  return `•••• ${cardNumber.slice(-4)}`;
}

/** `YYYY/MM/DD HH:mm:ss` in Ulaanbaatar time, as U-Point writes bill dates */
export function billDate(at: Date): string {
  const local = new Date(at.getTime() + ULAANBAATAR_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${local.getUTCFullYear()}/${two(local.getUTCMonth() + 1)}/${two(local.getUTCDate())} ` +
    `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`
  );
}

/** The raw calls: timed out, every non-2xx a `GatewayError`, never carrying the token or a PIN. */
function upointHttp(config: UpointConfig) {
  const base = config.baseUrl.replace(/\/+$/, '');
  const fetchImpl = config.fetch ?? fetch;
  const authorization = `Token ${config.token}`;

  async function post(path: string, body: unknown): Promise<Answer> {
    let answer: Answer;
    try {
      const response = await fetchImpl(`${base}${path}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      answer = { status: response.status, text: await response.text() };
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'error';
      throw new GatewayError('upoint', `POST ${path} did not answer (${reason})`);
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new GatewayError('upoint', `POST ${path} answered ${answer.status}`, answer.status);
    }
    return answer;
  }

  return { post };
}

function parseJson(path: string, answer: Answer): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    throw new GatewayError('upoint', `${path}: the answer is not JSON`, answer.status);
  }
}
