import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';

/** What PosAPI's `message` says (the live service answers in Mongolian). */
const TEXTS = {
  unavailable: 'PosAPI түр ажиллахгүй байна (туршилтын саатал).',
  badRequest: 'Хүсэлтийн өгөгдөл буруу байна',
  itemTotals: 'Дэд баримтын дүн барааны дүнгүүдийн нийлбэртэй тэнцэхгүй байна',
  receiptTotals: 'Баримтын нийт дүн дэд баримтуудын нийлбэртэй тэнцэхгүй байна',
  paymentTotals: 'Төлбөрийн дүн баримтын нийт дүнтэй тэнцэхгүй байна',
  unitPrice: 'Нэгж үнэ, тоо хэмжээ нийт дүнтэй тэнцэхгүй байна',
  vat: 'НӨАТ-ыг 10%-иар тооцоогүй байна. Шалгах дүн:',
  cityTax: 'НХАТ-ыг 2%-иар тооцоогүй байна. Шалгах дүн:',
  noVatHere: 'НӨАТ тооцохгүй баримтад НӨАТ-ын дүн байна',
  taxProductCode: 'taxProductCode талбар хоосон байна',
  customerTin: 'customerTin талбар хоосон байна',
  success: 'Амжилттай',
  notFound: 'Баримт олдсонгүй',
  wrongDate: 'Баримтын огноо таарахгүй байна',
  alreadyReturned: 'Баримт аль хэдийн буцаагдсан байна',
  onlyB2c: 'Зөвхөн B2C_RECEIPT баримтыг буцаана',
  operator: 'Номсан туршилтын оператор',
} as const;

export interface SandboxPosApiOptions {
  /** mount path (not `prefix`: Fastify reserves that option), e.g. /sandbox/posapi */
  mountPath: string;
  /** how many calls answer 503 from the start (as `POST {mountPath}/_test/outage` sets later) */
  failNext?: number;
}

const TAX_TYPES = ['VAT_ABLE', 'VAT_FREE', 'VAT_ZERO', 'NOT_VAT'] as const;
const RECEIPT_TYPES = ['B2C_RECEIPT', 'B2B_RECEIPT', 'B2C_INVOICE', 'B2B_INVOICE'] as const;
const MAX_RECEIPTS = 10_000;
const START_LOTTERIES = 100_000;
const QR_DATA_DIGITS = 120;
const ULAANBAATAR_OFFSET_MS = 8 * 60 * 60 * 1000;
/** PosAPI's tolerance on a tax it recomputes: one hundredth of a tögrög (мөнгө) */
const TAX_TOLERANCE = 1;
const LOTTERY_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const amount = z.number().finite().nonnegative().max(1e13);
const optionalAmount = z.number().finite().nonnegative().max(1e13).nullish();

const item = z.looseObject({
  name: z.string().trim().min(1),
  barCode: z.string().nullish(),
  barCodeType: z.enum(['UNDEFINED', 'GS1', 'ISBN']).nullish(),
  classificationCode: z.string().regex(/^\d{7}$/, 'classificationCode: 7 digits'),
  taxProductCode: z.string().nullish(),
  measureUnit: z.string().trim().min(1),
  qty: z.number().finite().positive(),
  unitPrice: amount,
  totalAmount: amount.positive(),
  totalVAT: optionalAmount,
  totalCityTax: optionalAmount,
});

const subReceipt = z.looseObject({
  totalAmount: amount,
  totalVAT: optionalAmount,
  totalCityTax: optionalAmount,
  taxType: z.enum(TAX_TYPES),
  merchantTin: z.string().regex(/^\d{11,14}$/),
  items: z.array(item).min(1).max(1000),
});

const payment = z.looseObject({
  code: z.string().min(1),
  status: z.string().min(1),
  paidAmount: amount,
});

const receiptRequest = z.looseObject({
  branchNo: z.string().min(1),
  totalAmount: amount.positive(),
  totalVAT: optionalAmount,
  totalCityTax: optionalAmount,
  districtCode: z.string().regex(/^\d{4}$/, 'districtCode: 4 digits'),
  merchantTin: z.string().regex(/^\d{11,14}$/, 'merchantTin: 11 to 14 digits'),
  posNo: z.string().min(1),
  customerTin: z.string().nullish(),
  consumerNo: z.string().nullish(),
  type: z.enum(RECEIPT_TYPES),
  billIdSuffix: z.string().min(1).max(64),
  receipts: z.array(subReceipt).min(1).max(100),
  payments: z.array(payment).max(100).nullish(),
});

const returnRequest = z.looseObject({
  id: z.string().regex(/^\d{33}$/),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'date: yyyy-MM-dd HH:mm:ss'),
});

const outageRequest = z.object({ count: z.number().int().nonnegative().max(1000) });

type ReceiptRequest = z.infer<typeof receiptRequest>;

interface FiledReceipt {
  id: string;
  date: string;
  type: ReceiptRequest['type'];
  request: ReceiptRequest;
  returned: boolean;
}

/**
 * A local PosAPI 3.0 (the e-barimt service a merchant runs) under `mountPath`, speaking its REST
 * shape: `POST /rest/receipt` checks a receipt the way PosAPI is reported to (required fields,
 * 7-digit classification codes, each sum equal to its parts, VAT and city tax recomputed from each
 * item's total to within 0.01, payments equal to the total) and answers a 33-digit bill id, a
 * lottery number (`AB 12345678`, B2C receipts only), QR data (a long digit string) and the date;
 * `DELETE /rest/receipt` with `{ id, date }` returns a B2C receipt, once; `GET /rest/info` and
 * `GET /rest/sendData` answer as a working service does. Refusals are HTTP 400 with
 * `{ status: 'ERROR', message }`.
 *
 * For tests: `POST {mountPath}/_test/outage` with `{ count }` makes the next `count` PosAPI calls
 * answer 503, and `GET {mountPath}/_test/receipts/:id` shows a filed receipt as it was sent. The
 * values are made up; state is in memory and bounded; every route is hidden from the OpenAPI
 * document.
 */
export const sandboxPosApi: FastifyPluginAsync<SandboxPosApiOptions> = async (app, options) => {
  const mount = options.mountPath.replace(/\/+$/, '');
  const ledger = receiptLedger();
  let failing = options.failNext ?? 0;

  await app.register(async (api) => {
    api.addHook('onRequest', async (_request, reply) => {
      if (failing <= 0) return;
      failing -= 1;
      return posApiError(reply, 503, TEXTS.unavailable);
    });
    posApiRoutes(api, mount, ledger);
  });

  app.post(`${mount}/_test/outage`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = outageRequest.safeParse(request.body ?? {});
    if (!parsed.success) return posApiError(reply, 400, `${TEXTS.badRequest}: count`);
    failing = parsed.data.count;
    return reply.send({ failing });
  });

  app.get<{ Params: { id: string } }>(
    `${mount}/_test/receipts/:id`,
    { schema: { hide: true } },
    async (request, reply) => {
      const filed = ledger.get(request.params.id);
      if (!filed) return posApiError(reply, 404, TEXTS.notFound);
      return reply.send({ id: filed.id, date: filed.date, returned: filed.returned, request: filed.request });
    },
  );
};

type Ledger = ReturnType<typeof receiptLedger>;

function posApiRoutes(api: FastifyInstance, mount: string, ledger: Ledger): void {
  api.post(`${mount}/rest/receipt`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = receiptRequest.safeParse(request.body);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || 'body'))];
      return posApiError(reply, 400, `${TEXTS.badRequest}: ${fields.join(', ')}`);
    }
    const refused = refusalOf(parsed.data);
    if (refused) return posApiError(reply, 400, refused);

    const body = parsed.data;
    const filed = ledger.file(body);
    return reply.header('cache-control', 'no-store').send({
      id: filed.id,
      version: '3.0-sandbox',
      posId: ledger.posId,
      status: 'SUCCESS',
      message: TEXTS.success,
      qrData: digits(QR_DATA_DIGITS),
      // B2B documents carry no lottery; an empty pool gives none either
      lottery: body.type === 'B2C_RECEIPT' ? ledger.takeLottery() : '',
      date: filed.date,
      easy: false,
      totalAmount: body.totalAmount,
      totalVAT: body.totalVAT ?? 0,
      totalCityTax: body.totalCityTax ?? 0,
      branchNo: body.branchNo,
      districtCode: body.districtCode,
      merchantTin: body.merchantTin,
      posNo: body.posNo,
      type: body.type,
      receipts: body.receipts.map((receipt, index) => ({
        id: `${filed.id.slice(0, 30)}${String(index + 1).padStart(3, '0')}`,
        bankAccountId: 0,
        totalAmount: receipt.totalAmount,
        taxType: receipt.taxType,
      })),
      payments: body.payments ?? [],
    });
  });

  api.delete(`${mount}/rest/receipt`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = returnRequest.safeParse(request.body ?? {});
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || 'body'))];
      return posApiError(reply, 400, `${TEXTS.badRequest}: ${fields.join(', ')}`);
    }
    const filed = ledger.get(parsed.data.id);
    if (!filed) return posApiError(reply, 400, TEXTS.notFound);
    if (filed.date !== parsed.data.date) return posApiError(reply, 400, TEXTS.wrongDate);
    if (filed.type !== 'B2C_RECEIPT') return posApiError(reply, 400, TEXTS.onlyB2c);
    if (filed.returned) return posApiError(reply, 400, TEXTS.alreadyReturned);
    filed.returned = true;
    return reply.status(200).send();
  });

  api.get(`${mount}/rest/info`, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({
      operatorName: TEXTS.operator,
      operatorTIN: '00000000000',
      posId: ledger.posId,
      posNo: String(ledger.posId),
      lastSentDate: ulaanbaatarDate(new Date()),
      leftLotteries: ledger.lotteriesLeft(),
      appInfo: {
        applicationDir: '/sandbox',
        currentDir: '/sandbox',
        database: 'memory',
        'database-host': 'memory',
        workDir: '/sandbox',
      },
      merchants: ledger.merchantTins().map((tin) => ({ name: tin, tin, customers: [] })),
    }),
  );

  // PosAPI sends its receipts on its own; asked to, it answers an empty document
  api.get(`${mount}/rest/sendData`, { schema: { hide: true } }, async (_request, reply) => reply.send({}));
}

/**
 * Why PosAPI would refuse a well-formed receipt, or null. Amounts are compared in hundredths:
 * each sub-receipt's totals are the exact sums of its items', the header's the exact sums of the
 * sub-receipts', and the payments (when given) add up to the total. VAT and city tax are taken
 * out of each item's total: total = base × (1 + 10 % VAT + 2 % city tax, those that apply).
 */
function refusalOf(body: ReceiptRequest): string | null {
  if ((body.type === 'B2B_RECEIPT' || body.type === 'B2B_INVOICE') && !body.customerTin) return TEXTS.customerTin;
  let total = 0;
  let vat = 0;
  let cityTax = 0;
  for (const receipt of body.receipts) {
    let receiptTotal = 0;
    let receiptVat = 0;
    let receiptCityTax = 0;
    for (const line of receipt.items) {
      const refused = itemRefusal(receipt.taxType, line);
      if (refused) return refused;
      receiptTotal += cents(line.totalAmount);
      receiptVat += cents(line.totalVAT);
      receiptCityTax += cents(line.totalCityTax);
    }
    if (
      receiptTotal !== cents(receipt.totalAmount) ||
      receiptVat !== cents(receipt.totalVAT) ||
      receiptCityTax !== cents(receipt.totalCityTax)
    ) {
      return TEXTS.itemTotals;
    }
    total += receiptTotal;
    vat += receiptVat;
    cityTax += receiptCityTax;
  }
  if (total !== cents(body.totalAmount) || vat !== cents(body.totalVAT) || cityTax !== cents(body.totalCityTax)) {
    return TEXTS.receiptTotals;
  }
  if (body.payments && body.payments.length > 0) {
    const paid = body.payments.reduce((sum, p) => sum + cents(p.paidAmount), 0);
    if (paid !== total) return TEXTS.paymentTotals;
  }
  return null;
}

function itemRefusal(taxType: (typeof TAX_TYPES)[number], line: z.infer<typeof item>): string | null {
  const total = cents(line.totalAmount);
  if (Math.abs(Math.round(line.unitPrice * 100 * line.qty) - total) > Math.ceil(line.qty)) return TEXTS.unitPrice;
  if (taxType !== 'VAT_ABLE') {
    if (!line.taxProductCode) return TEXTS.taxProductCode;
    if (cents(line.totalVAT) !== 0) return TEXTS.noVatHere;
  }
  const vat = cents(line.totalVAT);
  const cityTax = cents(line.totalCityTax);
  // the base the taxes are on, in hundredths of a percent of it: 100 %, + 10 % VAT, + 2 % city tax
  const vatApplies = taxType === 'VAT_ABLE';
  const cityApplies = taxType !== 'NOT_VAT' && cityTax > 0;
  const whole = 100 + (vatApplies ? 10 : 0) + (cityApplies ? 2 : 0);
  if (vatApplies) {
    const expected = Math.round((total * 10) / whole);
    if (Math.abs(expected - vat) > TAX_TOLERANCE) return `${TEXTS.vat} ${expected / 100}`;
  }
  if (cityApplies) {
    const expected = Math.round((total * 2) / whole);
    if (Math.abs(expected - cityTax) > TAX_TOLERANCE) return `${TEXTS.cityTax} ${expected / 100}`;
  }
  return null;
}

/** an amount in hundredths (PosAPI amounts have at most 2 decimals) */
function cents(value: number | null | undefined): number {
  return Math.round((value ?? 0) * 100);
}

/** Filed receipts by bill id, in insertion order, the oldest dropped past MAX_RECEIPTS. */
function receiptLedger() {
  const receipts = new Map<string, FiledReceipt>();
  const merchants = new Set<string>();
  const posId = randomInt(100_000_000, 1_000_000_000);
  let sequence = randomInt(1, 1_000_000);
  let lotteries = START_LOTTERIES;

  /**
   * A 33-digit id in the ДДТД's shape (made up, not PosAPI's real composition): the merchant's
   * TIN to 12 digits, the day, a running number.
   */
  function newId(tin: string, date: string): string {
    sequence += 1;
    const day = date.slice(0, 10).replaceAll('-', '');
    return `${tin.padStart(12, '0').slice(-12)}${day}${String(sequence).padStart(13, '0').slice(-13)}`;
  }

  function file(request: ReceiptRequest): FiledReceipt {
    const date = ulaanbaatarDate(new Date());
    let id = newId(request.merchantTin, date);
    while (receipts.has(id)) id = newId(request.merchantTin, date);
    const filed: FiledReceipt = { id, date, type: request.type, request, returned: false };
    receipts.set(id, filed);
    merchants.add(request.merchantTin);
    for (const oldest of receipts.keys()) {
      if (receipts.size <= MAX_RECEIPTS) break;
      receipts.delete(oldest);
    }
    return filed;
  }

  /** two letters, a space, eight digits; '' once the pool is spent */
  function takeLottery(): string {
    if (lotteries <= 0) return '';
    lotteries -= 1;
    const letter = () => LOTTERY_LETTERS[randomInt(LOTTERY_LETTERS.length)] ?? 'A';
    return `${letter()}${letter()} ${digits(8)}`;
  }

  return {
    posId,
    file,
    takeLottery,
    get: (id: string) => receipts.get(id),
    lotteriesLeft: () => lotteries,
    merchantTins: () => [...merchants].slice(0, 100),
  };
}

function digits(count: number): string {
  let text = '';
  while (text.length < count) text += String(randomInt(0, 1_000_000_000)).padStart(9, '0');
  return text.slice(0, count);
}

/** `yyyy-MM-dd HH:mm:ss` in Ulaanbaatar time (UTC+8), as PosAPI writes dates */
function ulaanbaatarDate(at: Date): string {
  return new Date(at.getTime() + ULAANBAATAR_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

function posApiError(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).header('cache-control', 'no-store').send({ status: 'ERROR', message });
}
