import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sandboxPosApi } from '@nomsan/sandbox/posapi';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  formatPosApiDate,
  includedVat,
  parsePosApiDate,
  posApiReceipts,
  RECEIPT_PAYMENT_CODE,
  ReceiptServiceError,
  type IssueReceiptInput,
  type PosApiConfig,
} from './posapi';

const MOUNT = '/sandbox/posapi';
const MERCHANT = {
  merchantTin: '37900846788',
  posNo: '10012345',
  districtCode: '2501',
  branchNo: '001',
  classificationCode: '8431100',
};

let sandbox: FastifyInstance;
let origin: string;
/** every call the sandbox received below its mount, with its parsed body */
const received: { method: string; path: string; body: unknown }[] = [];

beforeAll(async () => {
  sandbox = Fastify();
  sandbox.addHook('preHandler', async (request) => {
    if (request.url.startsWith(`${MOUNT}/rest/`)) {
      received.push({ method: request.method, path: request.url.slice(MOUNT.length), body: request.body });
    }
  });
  await sandbox.register(sandboxPosApi, { mountPath: MOUNT });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await sandbox?.close();
});

beforeEach(() => {
  received.length = 0;
});

const receipts = (overrides: Partial<PosApiConfig> = {}) =>
  posApiReceipts({ baseUrl: `${origin}${MOUNT}`, ...MERCHANT, timeoutMs: 5_000, ...overrides });

let sequence = 0;

/** an invoice of two lines: an e-book, and two copies of an audiobook */
function sale(overrides: Partial<IssueReceiptInput> = {}): IssueReceiptInput {
  return {
    reference: `INV${String(++sequence).padStart(17, '0')}`,
    lines: [
      { name: 'Тэнгэрийн хаяа (цахим ном)', amountMnt: 12_900, qty: 1 },
      { name: 'Хөх судар (аудио ном)', amountMnt: 9_800, qty: 2 },
    ],
    totalMnt: 22_700,
    paidWith: 'PAYMENT_CARD',
    ...overrides,
  };
}

/** the body of the last `POST /rest/receipt` the sandbox received */
function lastReceiptRequest(): Record<string, unknown> {
  const call = received.filter((c) => c.method === 'POST' && c.path === '/rest/receipt').at(-1);
  if (!call) throw new Error('no receipt reached the sandbox');
  return call.body as Record<string, unknown>;
}

async function rejection(promise: Promise<unknown>): Promise<ReceiptServiceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ReceiptServiceError);
  return error as ReceiptServiceError;
}

/** a port nothing listens on */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** a fetch that answers every call with this document */
const answering =
  (status: number, body: unknown): typeof fetch =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('VAT included in a price', () => {
  it('is price × 10 / 110, rounded half-up to 2 decimals', () => {
    expect(includedVat(110)).toBe(10);
    expect(includedVat(11)).toBe(1);
    expect(includedVat(100)).toBe(9.09);
    expect(includedVat(12_900)).toBe(1172.73);
    expect(includedVat(9_800)).toBe(890.91);
    expect(includedVat(5)).toBe(0.45);
    expect(includedVat(6)).toBe(0.55);
    expect(includedVat(0)).toBe(0);
    expect(includedVat(999_999_999)).toBe(90_909_090.82);
  });

  it('reads and writes PosAPI dates in Ulaanbaatar time', () => {
    const at = parsePosApiDate('2025-03-31 09:15:42');
    expect(at?.toISOString()).toBe('2025-03-31T01:15:42.000Z');
    expect(formatPosApiDate(at ?? new Date(0))).toBe('2025-03-31 09:15:42');
    expect(parsePosApiDate('2025-03-31T01:15:42Z')?.toISOString()).toBe('2025-03-31T01:15:42.000Z');
    expect(parsePosApiDate('31/03/2025')).toBeNull();
  });
});

describe('PosAPI 3.0 adapter against the sandbox', () => {
  it('issues a B2C receipt for two lines: bill id, lottery, QR data and date', async () => {
    const before = Date.now();
    const issued = await receipts().issue(sale());

    expect(issued.billId).toMatch(/^\d{33}$/);
    expect(issued.lottery).toMatch(/^[A-Z]{2} \d{8}$/);
    expect(issued.qrData).toMatch(/^\d{100,}$/);
    expect(issued.issuedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(issued.issuedAt.getTime()).toBeLessThanOrEqual(Date.now());

    const filed = (await (await fetch(`${origin}${MOUNT}/_test/receipts/${issued.billId}`)).json()) as {
      returned: boolean;
    };
    expect(filed.returned).toBe(false);
  });

  it('sends the totals, the VAT in each price and the payment as PosAPI takes them', async () => {
    const input = sale();
    await receipts().issue(input);
    const body = lastReceiptRequest();

    expect(body).toMatchObject({
      type: 'B2C_RECEIPT',
      merchantTin: MERCHANT.merchantTin,
      posNo: MERCHANT.posNo,
      districtCode: MERCHANT.districtCode,
      branchNo: MERCHANT.branchNo,
      billIdSuffix: input.reference,
      customerTin: null,
      consumerNo: null,
      totalAmount: 22_700,
      totalVAT: 2063.64,
      totalCityTax: 0,
      payments: [{ code: 'PAYMENT_CARD', status: 'PAID', paidAmount: 22_700 }],
    });
    expect(body.receipts).toEqual([
      expect.objectContaining({
        taxType: 'VAT_ABLE',
        merchantTin: MERCHANT.merchantTin,
        totalAmount: 22_700,
        totalVAT: 2063.64,
        totalCityTax: 0,
        items: [
          expect.objectContaining({
            name: 'Тэнгэрийн хаяа (цахим ном)',
            barCodeType: 'UNDEFINED',
            classificationCode: '8431100',
            measureUnit: 'ширхэг',
            qty: 1,
            unitPrice: 12_900,
            totalAmount: 12_900,
            totalVAT: 1172.73,
            totalCityTax: 0,
          }),
          expect.objectContaining({
            name: 'Хөх судар (аудио ном)',
            qty: 2,
            unitPrice: 4_900,
            totalAmount: 9_800,
            totalVAT: 890.91,
            totalCityTax: 0,
          }),
        ],
      }),
    ]);
  });

  it('leaves 0 ₮ lines off and takes a line’s own classification code', async () => {
    await receipts().issue(
      sale({
        lines: [
          { name: 'Хураангуй', amountMnt: 4_500, qty: 1, classificationCode: '8432200' },
          { name: 'Бэлэг ном', amountMnt: 0, qty: 1 },
        ],
        totalMnt: 4_500,
      }),
    );
    const body = lastReceiptRequest() as { receipts: { items: { classificationCode: string }[] }[] };
    expect(body.receipts[0]?.items.map((i) => i.classificationCode)).toEqual(['8432200']);
  });

  it('fails with status 503 in an outage, retryable and not filed, and the next call succeeds', async () => {
    const outage = await fetch(`${origin}${MOUNT}/_test/outage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 1 }),
    });
    expect(outage.status).toBe(200);

    const adapter = receipts();
    const error = await rejection(adapter.issue(sale()));
    expect(error.status).toBe(503);
    expect(error.retryable).toBe(true);
    expect(error.maybeIssued).toBe(false);

    const issued = await adapter.issue(sale());
    expect(issued.billId).toMatch(/^\d{33}$/);
  });

  it('fails retryable with no status when PosAPI cannot be reached, and says nothing was filed', async () => {
    const adapter = receipts({ baseUrl: `http://127.0.0.1:${await closedPort()}` });
    const error = await rejection(adapter.issue(sale()));
    expect(error.status).toBeNull();
    expect(error.retryable).toBe(true);
    expect(error.maybeIssued).toBe(false);
  });

  it('says a receipt may have been filed when the answer never came', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const error = await rejection(receipts({ fetch: hanging, timeoutMs: 50 }).issue(sale()));
    expect(error.status).toBeNull();
    expect(error.retryable).toBe(true);
    expect(error.maybeIssued).toBe(true);
  });

  it('voids a receipt once', async () => {
    const adapter = receipts();
    const issued = await adapter.issue(sale());
    await expect(adapter.void(issued.billId, issued.issuedAt)).resolves.toBeUndefined();

    const call = received.find((c) => c.method === 'DELETE');
    expect(call?.body).toEqual({ id: issued.billId, date: formatPosApiDate(issued.issuedAt) });
    const filed = (await (await fetch(`${origin}${MOUNT}/_test/receipts/${issued.billId}`)).json()) as {
      returned: boolean;
    };
    expect(filed.returned).toBe(true);

    const again = await rejection(adapter.void(issued.billId, issued.issuedAt));
    expect(again.status).toBe(400);
    expect(again.retryable).toBe(false);
    expect(again.message).toContain('буцаагдсан');
  });

  it('refuses to void a receipt under another date or one it never filed', async () => {
    const adapter = receipts();
    const issued = await adapter.issue(sale());
    const wrongDate = await rejection(adapter.void(issued.billId, new Date(issued.issuedAt.getTime() - 60_000)));
    expect(wrongDate.status).toBe(400);
    const unknown = await rejection(adapter.void('1'.repeat(33), issued.issuedAt));
    expect(unknown.status).toBe(400);
  });

  it('does not send lines that do not add up to the total', async () => {
    const error = await rejection(receipts().issue(sale({ totalMnt: 22_701 })));
    expect(error.status).toBeNull();
    expect(error.retryable).toBe(false);
    expect(received).toHaveLength(0);
  });

  it('is refused by PosAPI when a total or the VAT is wrong', async () => {
    /** a fetch that alters the receipt on its way */
    const tampering =
      (change: (body: Record<string, unknown>) => void): typeof fetch =>
      async (input, init) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        change(body);
        return fetch(input, { ...init, body: JSON.stringify(body) });
      };

    const badTotal = await rejection(
      receipts({
        fetch: tampering((body) => {
          body.totalAmount = 22_701;
        }),
      }).issue(sale()),
    );
    expect(badTotal.status).toBe(400);
    expect(badTotal.retryable).toBe(false);
    expect(badTotal.maybeIssued).toBe(false);

    const badVat = await rejection(
      receipts({
        fetch: tampering((body) => {
          // VAT rounded to whole tögrög is off by more than PosAPI's 0.01
          const [receipt] = body.receipts as { totalVAT: number; items: { totalVAT: number }[] }[];
          if (!receipt?.items[0]) throw new Error('no item');
          receipt.items[0].totalVAT = 1173;
          receipt.totalVAT = 1173 + 890.91;
          body.totalVAT = receipt.totalVAT;
        }),
      }).issue(sale()),
    );
    expect(badVat.status).toBe(400);
    expect(badVat.message).toContain('1172.73');
  });

  it('refuses a receipt whose payments do not cover it, or that lacks a classification code', async () => {
    const send = (body: unknown) =>
      fetch(`${origin}${MOUNT}/rest/receipt`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await receipts().issue(sale());
    const good = lastReceiptRequest() as { payments: { paidAmount: number }[]; receipts: { items: object[] }[] };

    const underpaid = structuredClone(good);
    if (underpaid.payments[0]) underpaid.payments[0].paidAmount = 20_000;
    const answer = await send(underpaid);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ status: 'ERROR' });

    const unclassified = structuredClone(good) as { receipts: { items: Record<string, unknown>[] }[] };
    delete unclassified.receipts[0]?.items[0]?.classificationCode;
    expect((await send(unclassified)).status).toBe(400);
  });

  it('treats a 200 that says ERROR as a refusal, and a SUCCESS without lottery as a receipt without one', async () => {
    const refused = await rejection(
      receipts({ fetch: answering(200, { status: 'ERROR', message: 'Сугалаа дууссан' }) }).issue(sale()),
    );
    expect(refused.status).toBe(200);
    expect(refused.retryable).toBe(false);
    expect(refused.message).toContain('Сугалаа дууссан');

    const issued = await receipts({
      fetch: answering(200, {
        id: '1'.repeat(33),
        status: 'SUCCESS',
        lottery: '',
        qrData: '9'.repeat(120),
        date: '2025-03-31 09:15:42',
      }),
    }).issue(sale());
    expect(issued).toEqual({
      billId: '1'.repeat(33),
      lottery: null,
      qrData: '9'.repeat(120),
      issuedAt: new Date('2025-03-31T01:15:42Z'),
    });

    const unreadable = await rejection(
      receipts({ fetch: async () => new Response('<html>ok</html>', { status: 200 }) }).issue(sale()),
    );
    expect(unreadable.maybeIssued).toBe(true);
    expect(unreadable.retryable).toBe(false);
  });

  it('never puts the QR data or the lottery in an error', async () => {
    const error = await rejection(
      receipts({
        fetch: answering(200, { status: 'SUCCESS', lottery: 'AB 12345678', qrData: '7'.repeat(120) }),
      }).issue(sale()),
    );
    expect(error.maybeIssued).toBe(true);
    expect(error.message).not.toContain('12345678');
    expect(error.message).not.toContain('7'.repeat(20));
  });

  it('reads how the service stands', async () => {
    await receipts().issue(sale());
    const info = await receipts().info();
    expect(info.posNo).toMatch(/^\d+$/);
    expect(info.leftLotteries).toBeGreaterThan(0);
    expect(info.merchantTins).toContain(MERCHANT.merchantTin);
  });

  it('refuses a configuration PosAPI would refuse, at once', () => {
    expect(() => receipts({ classificationCode: '84311' })).toThrow(/classificationCode/);
    expect(() => receipts({ districtCode: 'UB' })).toThrow(/districtCode/);
    expect(() => receipts({ merchantTin: '123' })).toThrow(/merchantTin/);
  });

  it('maps every rail but credits to a non-cash payment', () => {
    expect(RECEIPT_PAYMENT_CODE.qpay).toBe('PAYMENT_CARD');
    expect(RECEIPT_PAYMENT_CODE.golomt).toBe('PAYMENT_CARD');
    expect(RECEIPT_PAYMENT_CODE.credits).toBeNull();
  });
});
