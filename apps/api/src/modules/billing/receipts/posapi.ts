import { z } from 'zod';
import type { Rail } from '../gateway';

/**
 * Mongolia's VAT e-receipts (e-barimt, И-баримт) through PosAPI 3.0: the REST service a merchant
 * runs next to its systems (default port 7080), which files receipts with the tax authority and
 * hands back the bill id (ДДТД), the lottery number and the QR data to print. The calls used:
 *
 * - `POST {baseUrl}/rest/receipt` files a receipt (a header, one sub-receipt per tax type with its
 *   items, and the payments) and answers `{ id, status, message, lottery, qrData, date, … }`;
 * - `DELETE {baseUrl}/rest/receipt` with `{ id, date }` returns (voids) a B2C receipt;
 * - `GET {baseUrl}/rest/info` tells how the service stands (lotteries left, last send).
 *
 * Amounts: tögrög are whole, PosAPI amounts are decimal numbers. Our prices include 10 % VAT, so a
 * line of P tögrög carries P × 10 / 110 = P / 11 of VAT, rounded half-up to 2 decimals
 * ({@link includedVat}); the sub-receipt and the header carry the exact sums of their parts.
 * Nomsan sells e-books and audio: no city tax (НХАТ) applies, `totalCityTax` is 0.
 *
 * PosAPI's documentation forbids keeping `lottery` and `qrData` anywhere but on the printed
 * receipt: this adapter never logs them nor puts them in an error (see docs, "E-barimt receipts").
 */
export interface PosApiConfig {
  /** the PosAPI service, e.g. http://localhost:7080, or the sandbox (…/sandbox/posapi) */
  baseUrl: string;
  /** the seller's taxpayer number (ТТД): 11 digits for a company, 12–14 for a person */
  merchantTin: string;
  /** our register number (`posNo`) as the PosAPI operator issued it */
  posNo: string;
  /** where the receipt is issued: the 4-digit tax office / sub-office code (`districtCode`) */
  districtCode: string;
  /** our branch number, 3 digits (`branchNo`, chosen by the merchant: `001`) */
  branchNo: string;
  /**
   * the 7-digit product classification code (БҮНА) of what we sell: 8431100 ("Он-лайн номын
   * үйлчилгээ", on-line books) fits e-books and audiobooks
   */
  classificationCode: string;
  fetch?: typeof fetch;
  /** per request; PosAPI may take tens of seconds while it sends its backlog (default 30 s) */
  timeoutMs?: number;
}

/** Payment codes PosAPI 3.0 documents: cash, and `PAYMENT_CARD` for a card or other e-payment. */
export const POSAPI_PAYMENT_CODES = ['CASH', 'PAYMENT_CARD'] as const;
export type PosApiPaymentCode = (typeof POSAPI_PAYMENT_CODES)[number];

/**
 * What a payment on each of our rails is on a receipt. Every rail is a non-cash e-payment, and the
 * only non-cash code PosAPI documents is `PAYMENT_CARD` (sent without card details: they are
 * optional). Credits are prepaid value: spending them is not a sale to receipt (null), their
 * purchase is.
 */
export const RECEIPT_PAYMENT_CODE: Record<Rail, PosApiPaymentCode | null> = {
  qpay: 'PAYMENT_CARD',
  golomt: 'PAYMENT_CARD',
  socialpay: 'PAYMENT_CARD',
  hipay: 'PAYMENT_CARD',
  upoint: 'PAYMENT_CARD',
  // the carrier files the receipt with the phone bill it adds the charge to
  unitel: null,
  credits: null,
};

export interface ReceiptLine {
  /** what the buyer sees on the receipt (the title) */
  name: string;
  /** the line's total in whole tögrög, VAT included */
  amountMnt: number;
  /** how many (a whole number, usually 1) */
  qty: number;
  /** this line's 7-digit product classification code, when not the configured one */
  classificationCode?: string;
}

export interface IssueReceiptInput {
  /** our invoice's public id: the receipt's `billIdSuffix` (unique per day) */
  reference: string;
  /** lines of 0 ₮ (paid otherwise) are left off the receipt */
  lines: ReceiptLine[];
  /** what was paid, whole tögrög: the sum of the lines */
  totalMnt: number;
  paidWith: PosApiPaymentCode;
}

export interface IssuedReceipt {
  /** PosAPI's id of the receipt (ДДТД, 33 digits): what a return names */
  billId: string;
  /**
   * the lottery number to show the buyer (e.g. `AB 12345678`); null when PosAPI gave none (its
   * lotteries ran out, or it has not sent its receipts in time)
   */
  lottery: string | null;
  /** the text of the receipt's QR code */
  qrData: string;
  /** when PosAPI filed it (its `date`, Ulaanbaatar time): what a return names with the id */
  issuedAt: Date;
}

export interface PosApiInfo {
  operatorName: string | null;
  operatorTin: string | null;
  posNo: string | null;
  /** lotteries left: at 0 receipts come without one */
  leftLotteries: number | null;
  /** when PosAPI last sent its receipts to the tax authority, as it writes it */
  lastSentDate: string | null;
  /** the taxpayers this PosAPI issues receipts for */
  merchantTins: string[];
}

export interface PosApiReceipts {
  issue(input: IssueReceiptInput): Promise<IssuedReceipt>;
  /** returns a B2C receipt (`DELETE /rest/receipt`), named by its id and date */
  void(billId: string, issuedAt: Date): Promise<void>;
  info(): Promise<PosApiInfo>;
}

/**
 * PosAPI refused, failed or could not be reached, or the input could not make a receipt.
 * `retryable`: trying the same call later may work (no answer, 5xx, 408, 429). `maybeIssued`: the
 * request may have been filed although no usable answer came back (a timeout after sending, an
 * unreadable success): a blind retry could file the sale twice.
 */
export class ReceiptServiceError extends Error {
  /** PosAPI's HTTP status; null when it did not answer or nothing was sent */
  readonly status: number | null;
  readonly retryable: boolean;
  readonly maybeIssued: boolean;

  constructor(message: string, details: { status: number | null; retryable: boolean; maybeIssued?: boolean }) {
    super(`posapi: ${message}`);
    this.name = 'ReceiptServiceError';
    this.status = details.status;
    this.retryable = details.retryable;
    this.maybeIssued = details.maybeIssued ?? false;
  }
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** Ulaanbaatar is UTC+8 all year; PosAPI writes its dates there, without a zone */
const ULAANBAATAR_OFFSET_MS = 8 * 60 * 60 * 1000;
/** how much of PosAPI's own `message` an error quotes */
const MESSAGE_LIMIT = 200;
/** what a line of an e-book is counted in (ширхэг: a piece) */
const MEASURE_UNIT = 'ширхэг';
/** `billIdSuffix` as we send it: the reference's letters and digits, at most this many */
const BILL_ID_SUFFIX_MAX = 20;
const RETRYABLE_STATUSES = new Set([408, 429]);

const configShape = z.object({
  baseUrl: z.url({ protocol: /^https?$/ }),
  merchantTin: z.string().regex(/^\d{11,14}$/, 'merchantTin: 11 to 14 digits'),
  posNo: z.string().regex(/^[A-Za-z0-9]{1,32}$/, 'posNo: letters and digits'),
  districtCode: z.string().regex(/^\d{4}$/, 'districtCode: 4 digits'),
  branchNo: z.string().regex(/^\d{3}$/, 'branchNo: 3 digits'),
  classificationCode: z.string().regex(/^\d{7}$/, 'classificationCode: 7 digits'),
  timeoutMs: z.number().int().positive().optional(),
});

const inputShape = z.object({
  reference: z.string().trim().min(1),
  lines: z
    .array(
      z.object({
        name: z.string().trim().min(1),
        amountMnt: z
          .number()
          .int()
          .nonnegative()
          .max(Number.MAX_SAFE_INTEGER / 100),
        qty: z.number().int().positive(),
        classificationCode: z
          .string()
          .regex(/^\d{7}$/)
          .optional(),
      }),
    )
    .min(1),
  totalMnt: z
    .number()
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER / 100),
  paidWith: z.enum(POSAPI_PAYMENT_CODES),
});

/** a nullable text field of PosAPI's answers (some come as numbers) */
const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? null : String(value)));

const receiptAnswer = z.looseObject({
  id: text,
  status: text,
  message: text,
  lottery: text,
  qrData: text,
  date: text,
});

const ackAnswer = z.looseObject({ status: text, message: text });

const infoAnswer = z.looseObject({
  operatorName: text,
  operatorTIN: text,
  posNo: text,
  leftLotteries: z.number().int().nullish(),
  lastSentDate: text,
  merchants: z.array(z.looseObject({ tin: text })).nullish(),
});

interface Answer {
  status: number;
  text: string;
}

/**
 * The PosAPI 3.0 adapter. Configuration is checked at once (a wrong code throws here, at boot);
 * the calls throw {@link ReceiptServiceError}.
 */
export function posApiReceipts(config: PosApiConfig): PosApiReceipts {
  const checked = configShape.safeParse(config);
  if (!checked.success) {
    throw new Error(`posapi config: ${checked.error.issues.map((issue) => issue.message).join('; ')}`);
  }
  const http = posApiHttp(config);

  async function issue(input: IssueReceiptInput): Promise<IssuedReceipt> {
    const request = receiptRequest(config, input);
    const answer = await http.send('POST', '/rest/receipt', request);
    const body = answerBody(answer);
    const parsed = receiptAnswer.safeParse(body ?? {});
    const filed = parsed.success ? parsed.data : null;

    if (answer.status < 200 || answer.status >= 300) throw refusal('POST /rest/receipt', answer, filed?.message);
    if (!filed || typeof body !== 'object' || body === null) {
      // a 2xx that is not a receipt document: PosAPI may well have filed it
      throw new ReceiptServiceError('POST /rest/receipt: an answer that is not a receipt', {
        status: answer.status,
        retryable: false,
        maybeIssued: true,
      });
    }
    if (filed.status !== 'SUCCESS') {
      // ERROR (refused) or PAYMENT (the payments are incomplete): nothing was filed
      throw new ReceiptServiceError(`POST /rest/receipt: ${filed.status ?? 'no status'}${quoted(filed.message)}`, {
        status: answer.status,
        retryable: false,
      });
    }
    if (!filed.id || !filed.qrData) {
      throw new ReceiptServiceError('POST /rest/receipt: SUCCESS without an id or QR data', {
        status: answer.status,
        retryable: false,
        maybeIssued: true,
      });
    }
    return {
      billId: filed.id,
      lottery: filed.lottery?.trim() || null,
      qrData: filed.qrData,
      // the receipt exists: an odd date must not turn it into an error (and a retry, a second one)
      issuedAt: (filed.date && parsePosApiDate(filed.date)) || new Date(),
    };
  }

  async function voidReceipt(billId: string, issuedAt: Date): Promise<void> {
    if (!/^\d{1,64}$/.test(billId) || Number.isNaN(issuedAt.getTime())) {
      throw new ReceiptServiceError('a return needs the bill id and the date PosAPI gave', {
        status: null,
        retryable: false,
      });
    }
    const answer = await http.send('DELETE', '/rest/receipt', { id: billId, date: formatPosApiDate(issuedAt) });
    const body = answerBody(answer);
    const ack = ackAnswer.safeParse(body ?? {});
    const message = ack.success ? ack.data.message : null;
    if (answer.status < 200 || answer.status >= 300) throw refusal('DELETE /rest/receipt', answer, message);
    // an empty answer is the usual success; a document saying ERROR (or a code other than 0/200) is not
    const status = ack.success ? ack.data.status : null;
    if (status !== null && status !== 'SUCCESS' && status !== '0' && status !== '200') {
      throw new ReceiptServiceError(`DELETE /rest/receipt: ${status}${quoted(message)}`, {
        status: answer.status,
        retryable: false,
      });
    }
  }

  async function info(): Promise<PosApiInfo> {
    const answer = await http.send('GET', '/rest/info');
    if (answer.status < 200 || answer.status >= 300) throw refusal('GET /rest/info', answer, null);
    const parsed = infoAnswer.safeParse(answerBody(answer));
    if (!parsed.success) {
      throw new ReceiptServiceError('GET /rest/info: unexpected answer', { status: answer.status, retryable: false });
    }
    const data = parsed.data;
    return {
      operatorName: data.operatorName,
      operatorTin: data.operatorTIN,
      posNo: data.posNo,
      leftLotteries: data.leftLotteries ?? null,
      lastSentDate: data.lastSentDate,
      merchantTins: (data.merchants ?? []).flatMap((merchant) => (merchant.tin ? [merchant.tin] : [])),
    };
  }

  return { issue, void: voidReceipt, info };
}

/**
 * The VAT included in a price of `amountMnt` whole tögrög at 10 %: amount × 10 / 110, rounded
 * half-up to 2 decimals (a tie cannot happen: 100 × amount / 11 is never a half). Integer
 * arithmetic in hundredths, so nothing drifts.
 */
export function includedVat(amountMnt: number): number {
  return vatHundredths(amountMnt) / 100;
}

function vatHundredths(amountMnt: number): number {
  // round(100 × amount / 11) = floor((200 × amount + 11) / 22)
  return Math.floor((200 * amountMnt + 11) / 22);
}

/** The `POST /rest/receipt` body: one B2C receipt, one VAT_ABLE sub-receipt, one payment. */
function receiptRequest(config: PosApiConfig, raw: IssueReceiptInput) {
  const parsed = inputShape.safeParse(raw);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || 'input'))];
    throw new ReceiptServiceError(`not a receipt: ${fields.join(', ')}`, { status: null, retryable: false });
  }
  const input = parsed.data;
  const sum = input.lines.reduce((total, line) => total + line.amountMnt, 0);
  if (sum !== input.totalMnt) {
    throw new ReceiptServiceError(`the lines add up to ${sum}, not the total ${input.totalMnt}`, {
      status: null,
      retryable: false,
    });
  }
  const billIdSuffix = input.reference.replace(/[^A-Za-z0-9]/g, '').slice(-BILL_ID_SUFFIX_MAX);
  if (!billIdSuffix) {
    throw new ReceiptServiceError('the reference has no letter or digit', { status: null, retryable: false });
  }

  const items = input.lines
    .filter((line) => line.amountMnt > 0)
    .map((line) => ({
      name: line.name,
      barCode: null,
      barCodeType: 'UNDEFINED',
      classificationCode: line.classificationCode ?? config.classificationCode,
      taxProductCode: null,
      measureUnit: MEASURE_UNIT,
      qty: line.qty,
      // VAT included, as PosAPI wants it; a price that does not divide is written to 2 decimals
      unitPrice: Math.round((line.amountMnt * 100) / line.qty) / 100,
      totalAmount: line.amountMnt,
      totalVAT: includedVat(line.amountMnt),
      totalCityTax: 0,
    }));
  const totalVAT = input.lines.reduce((total, line) => total + vatHundredths(line.amountMnt), 0) / 100;

  return {
    branchNo: config.branchNo,
    totalAmount: input.totalMnt,
    totalVAT,
    totalCityTax: 0,
    districtCode: config.districtCode,
    merchantTin: config.merchantTin,
    posNo: config.posNo,
    customerTin: null,
    consumerNo: null,
    type: 'B2C_RECEIPT',
    inactiveId: null,
    invoiceId: null,
    reportMonth: null,
    billIdSuffix,
    receipts: [
      {
        totalAmount: input.totalMnt,
        taxType: 'VAT_ABLE',
        merchantTin: config.merchantTin,
        customerTin: null,
        totalVAT,
        totalCityTax: 0,
        invoiceId: null,
        items,
      },
    ],
    payments: [{ code: input.paidWith, status: 'PAID', paidAmount: input.totalMnt }],
  };
}

/** The raw calls: timed out, never throwing on a status, carrying nothing of the request in errors. */
function posApiHttp(config: PosApiConfig) {
  const base = config.baseUrl.replace(/\/+$/, '');
  const fetchImpl = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function send(method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      });
    } catch (error) {
      throw unreachable(method, path, error, false);
    }
    try {
      return { status: response.status, text: await response.text() };
    } catch (error) {
      // the request was answered, and the answer lost: it may have been filed
      throw unreachable(method, path, error, true);
    }
  }

  return { send };
}

/** No answer. A refused connection or unknown host sent nothing; a timeout may have. */
function unreachable(method: string, path: string, error: unknown, answered: boolean): ReceiptServiceError {
  const code = causeCode(error);
  const reason = code ?? (error instanceof Error ? error.name : 'error');
  const neverSent = !answered && code !== null && ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'].includes(code);
  return new ReceiptServiceError(`${method} ${path} did not answer (${reason})`, {
    status: null,
    retryable: true,
    maybeIssued: method === 'POST' && !neverSent,
  });
}

function causeCode(error: unknown): string | null {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : null;
}

/** A non-2xx answer: retry on 5xx, 408 and 429; a gateway timeout (504) may have let it through. */
function refusal(what: string, answer: Answer, message: string | null | undefined): ReceiptServiceError {
  return new ReceiptServiceError(`${what} answered ${answer.status}${quoted(message)}`, {
    status: answer.status,
    retryable: answer.status >= 500 || RETRYABLE_STATUSES.has(answer.status),
    maybeIssued: what.startsWith('POST') && answer.status === 504,
  });
}

/** PosAPI's own words (why it refused), shortened; never anything we sent */
function quoted(message: string | null | undefined): string {
  const clean = message?.replace(/\s+/g, ' ').trim();
  return clean ? `: ${clean.slice(0, MESSAGE_LIMIT)}` : '';
}

function answerBody(answer: Answer): unknown {
  if (!answer.text.trim()) return null;
  try {
    return JSON.parse(answer.text);
  } catch {
    return null;
  }
}

/**
 * PosAPI's `date`: `yyyy-MM-dd HH:mm:ss` (or with a `T`) in Ulaanbaatar time; one with a zone is
 * read as written. Null when it is neither.
 */
export function parsePosApiDate(value: string): Date | null {
  const local = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?$/.exec(value.trim());
  if (local) {
    const [, y, mo, d, h, mi, s] = local.map(Number) as [number, number, number, number, number, number, number];
    const at = Date.UTC(y, mo - 1, d, h, mi, s) - ULAANBAATAR_OFFSET_MS;
    return Number.isNaN(at) ? null : new Date(at);
  }
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})$/.test(value.trim())) {
    const at = new Date(value.trim());
    return Number.isNaN(at.getTime()) ? null : at;
  }
  return null;
}

/** A date as PosAPI takes it back: `yyyy-MM-dd HH:mm:ss`, Ulaanbaatar time. */
export function formatPosApiDate(at: Date): string {
  const local = new Date(at.getTime() + ULAANBAATAR_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`
  );
}
