import { randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** What people read: the `message` of every answer and the test-members page. */
const TEXTS = {
  title: 'U-Point туршилтын орчин',
  sandboxNote: 'Туршилтын орчин: жинхэнэ оноо зарцуулагдахгүй.',
  membersIntro: 'Туршилтын гишүүд. Утасны дугаар эсвэл картын дугаар, пин кодоо оруулна.',
  mobile: 'Утасны дугаар',
  cardNumber: 'Картын дугаар',
  pin: 'Пин код',
  points: 'Оноо',
  state: 'Төлөв',
  states: { active: 'идэвхтэй', blocked: 'хаагдсан' },
  results: {
    0: 'Амжилттай',
    1: 'Карт олдсонгүй',
    2: 'Пин код буруу байна',
    3: 'Онооны үлдэгдэл хүрэлцэхгүй байна',
    4: 'Карт хаагдсан байна',
    5: 'Биллийн дугаар давхардсан байна',
    6: 'Гүйлгээ олдсонгүй',
    7: 'Гүйлгээ буцаагдсан байна',
    8: 'Буцаах дүн буруу байна',
    9: 'Хүсэлтийн өгөгдөл буруу байна',
  },
} as const;

/**
 * `result` codes. U-Point documents `result` only as "the error code" (0 on success, as its
 * client libraries read it); every other code here is this sandbox's own choice, mirrored by the
 * adapter's `UPOINT_RESULT`.
 */
const RESULT = {
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
type ResultCode = (typeof RESULT)[keyof typeof RESULT];

/** `card_status` as U-Point documents it: 1 active, 2 new card (phone needed), 3 void, 4 wrong card */
const CARD_STATUS = { active: 1, void: 3, wrong: 4 } as const;

export interface UpointTestMember {
  mobile: string;
  cardNumber: string;
  pin: string;
  points: number;
  state: 'active' | 'blocked';
}

/** The members every sandbox starts with (each registration keeps its own balances). */
export const UPOINT_TEST_MEMBERS: readonly UpointTestMember[] = [
  { mobile: '99112233', cardNumber: '8800000000000011', pin: '1234', points: 50_000, state: 'active' },
  { mobile: '88112233', cardNumber: '8800000000000022', pin: '1234', points: 100, state: 'active' },
  { mobile: '95112233', cardNumber: '8800000000000033', pin: '1234', points: 20_000, state: 'blocked' },
];

export interface SandboxUpointOptions {
  /** e.g. /sandbox/upoint: the API under `{mountPath}/transaction/thirdparty/…/`, the page at `{mountPath}` */
  mountPath: string;
  /** the public origin (U-Point calls the merchant nowhere, so only for symmetry with the others) */
  publicBaseUrl: string;
  /** the merchant token (`Authorization: Token …`) */
  token: string;
  /** accepted for symmetry with the other sandboxes: U-Point makes no calls to the merchant */
  fetch?: typeof fetch;
  /** the members this sandbox knows instead of `UPOINT_TEST_MEMBERS` */
  members?: readonly UpointTestMember[];
}

/** Points a bonus_amount earns here: 1 % (U-Point's rate is the merchant's contract; ours is made up). */
const SANDBOX_BONUS_RATE = 0.01;
const MAX_TRANSACTIONS = 10_000;

interface Member extends UpointTestMember {
  uaId: string;
  createdAt: string;
}

interface Transaction {
  receiptId: string;
  billNumber: string;
  cardNumber: string;
  date: string;
  terminalId: string;
  totalAmount: number;
  spent: number;
  earned: number;
  refundedSpent: number;
  refundedEarned: number;
  returned: boolean;
}

const money = z.number().finite().nonnegative();
const points = z.number().int().nonnegative();
const list = z.array(z.unknown()).nullish();

const checkInfoRequest = z.looseObject({
  card_number: z.string().nullish(),
  mobile: z.string().nullish(),
  pin_code: z.string().min(1),
});
const processRequest = z.looseObject({
  card_number: z.string().min(1),
  mobile: z.string().nullish(),
  date: z.string().regex(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/, 'date: YYYY/MM/DD HH:mm:ss'),
  bill_number: z.string().min(1).max(64),
  spend_amount: points,
  bonus_amount: money,
  total_amount: money,
  cash_amount: money.nullish(),
  terminal_id: z.string().max(64).nullish(),
  bank: list,
  manufacturer: list,
  items: list,
});
const checkTransactionRequest = z.looseObject({ bill_number: z.string().min(1), terminal_id: z.string().nullish() });
const returnRequest = z.looseObject({
  receipt_id: z.string().min(1),
  refund_spend_amount: points,
  refund_bonus_amount: points,
  refund_cash_amount: money.nullish(),
  terminal_id: z.string().nullish(),
  bank: list,
  manufacturer: list,
  items: list,
});
const cancelRequest = z.looseObject({ bill_number: z.string().min(1), cash_amount: money.nullish() });

/**
 * A stand-in for U-Point's third-party merchant API, as its public client libraries use it: `POST
 * {mountPath}/transaction/thirdparty/check_info/`, `process_transaction/`, `check_transaction/`,
 * `return_transaction/` and `cancel_transaction/`, JSON, `Authorization: Token <token>` (a wrong
 * or missing token: 401 `{ detail }`, as the Django REST framework behind U-Point answers), every
 * answer with `result` and a Mongolian `message`. U-Point has no payer page: the member gives
 * their PIN to the merchant. `GET {mountPath}` lists the test members.
 */
export const sandboxUpoint: FastifyPluginAsync<SandboxUpointOptions> = async (app, options) => {
  const mount = options.mountPath.replace(/\/+$/, '');
  const members = new Map<string, Member>();
  for (const member of options.members ?? UPOINT_TEST_MEMBERS) {
    members.set(member.cardNumber, {
      ...member,
      uaId: String(randomInt(100_000, 1_000_000)),
      createdAt: '2023-05-01T09:00:00+08:00',
    });
  }
  const byBill = new Map<string, Transaction>();
  const byReceipt = new Map<string, Transaction>();
  let lastReturnReceipt = 1000;

  const hide = { schema: { hide: true } };

  function authorised(request: FastifyRequest): boolean {
    const token = /^Token (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    return token !== undefined && sameText(token, options.token);
  }

  /** one API call: the token, then the body, then the call's own answer */
  function api<T>(name: string, schema: z.ZodType<T>, answer: (body: T) => Record<string, unknown>) {
    app.post(`${mount}/transaction/thirdparty/${name}/`, hide, async (request, reply) => {
      if (!authorised(request)) {
        return reply.status(401).header('www-authenticate', 'Token').send({ detail: 'Invalid token.' });
      }
      const parsed = schema.safeParse(request.body ?? {});
      if (!parsed.success) return reply.status(400).send(refusal(RESULT.badRequest));
      return reply.header('cache-control', 'no-store').send(answer(parsed.data));
    });
  }

  function findMember(cardNumber: string, mobile: string): Member | undefined {
    if (cardNumber) {
      const member = members.get(cardNumber);
      return member && (!mobile || member.mobile === mobile) ? member : undefined;
    }
    return mobile ? [...members.values()].find((m) => m.mobile === mobile) : undefined;
  }

  function record(txn: Transaction): void {
    byBill.set(txn.billNumber, txn);
    byReceipt.set(txn.receiptId, txn);
    for (const oldest of byBill.values()) {
      if (byBill.size <= MAX_TRANSACTIONS) break;
      byBill.delete(oldest.billNumber);
      byReceipt.delete(oldest.receiptId);
    }
  }

  function transactionAnswer(txn: Transaction) {
    return {
      receipt_id: txn.receiptId,
      date: txn.date,
      card_number: txn.cardNumber,
      point_balance: members.get(txn.cardNumber)?.points ?? 0,
      total_point: txn.earned,
      merchant_point: txn.earned,
      manufacturer_items_point: 0,
      spend_point: txn.spent,
      bill_number: txn.billNumber,
      bank: [],
      items: [],
      manufacturer_point: 0,
      manufacturer: [],
      bank_point: 0,
      ...refusal(RESULT.success),
    };
  }

  /** gives back points of a transaction: what was spent returns, what it earned is taken back */
  function giveBack(txn: Transaction, spent: number, earned: number) {
    const member = members.get(txn.cardNumber);
    if (member) member.points = Math.max(0, member.points + spent - earned);
    txn.refundedSpent += spent;
    txn.refundedEarned += earned;
    txn.returned = txn.refundedSpent === txn.spent && txn.refundedEarned === txn.earned;
    lastReturnReceipt += 1;
    return {
      receipt_id: txn.receiptId,
      return_receipt_id: lastReturnReceipt,
      refund_spend_point: spent,
      refund_bonus_point: earned,
      bill_number: txn.billNumber,
      point_balance: member?.points ?? 0,
      manufacturer_amount: 0,
      item_amount: 0,
      bank_amount: 0,
      bank: [],
      manufacturer: [],
      items: [],
    };
  }

  api('check_info', checkInfoRequest, (body) => {
    const member = findMember(body.card_number?.trim() ?? '', body.mobile?.trim() ?? '');
    if (!member) return { ...refusal(RESULT.notFound), card_status: CARD_STATUS.wrong };
    if (!sameText(body.pin_code, member.pin)) return refusal(RESULT.wrongPin);
    if (member.state === 'blocked') return { ...refusal(RESULT.blocked), card_status: CARD_STATUS.void };
    return {
      card_status: CARD_STATUS.active,
      created_at: member.createdAt,
      ua_id: member.uaId,
      card_number: member.cardNumber,
      mobile: member.mobile,
      balance: member.points,
      ...refusal(RESULT.success),
    };
  });

  api('process_transaction', processRequest, (body) => {
    const member = members.get(body.card_number);
    if (!member) return refusal(RESULT.notFound);
    if (member.state === 'blocked') return refusal(RESULT.blocked);
    if (byBill.has(body.bill_number)) return refusal(RESULT.duplicateBill);
    if (body.spend_amount > body.total_amount) return refusal(RESULT.badAmount);
    if (body.spend_amount > member.points) return refusal(RESULT.insufficientPoints);
    const earned = Math.floor(body.bonus_amount * SANDBOX_BONUS_RATE);
    member.points += earned - body.spend_amount;
    const txn: Transaction = {
      receiptId: randomBytes(12).toString('hex'),
      billNumber: body.bill_number,
      cardNumber: member.cardNumber,
      date: body.date,
      terminalId: body.terminal_id ?? '',
      totalAmount: body.total_amount,
      spent: body.spend_amount,
      earned,
      refundedSpent: 0,
      refundedEarned: 0,
      returned: false,
    };
    record(txn);
    return transactionAnswer(txn);
  });

  api('check_transaction', checkTransactionRequest, (body) => {
    const txn = byBill.get(body.bill_number);
    if (!txn) return refusal(RESULT.noTransaction);
    if (txn.returned) return { ...refusal(RESULT.returned), receipt_id: txn.receiptId, bill_number: txn.billNumber };
    return transactionAnswer(txn);
  });

  api('return_transaction', returnRequest, (body) => {
    const txn = byReceipt.get(body.receipt_id);
    if (!txn) return refusal(RESULT.noTransaction);
    if (txn.returned) return refusal(RESULT.returned);
    const spent = body.refund_spend_amount;
    const earned = body.refund_bonus_amount;
    if (spent + earned === 0 || spent > txn.spent - txn.refundedSpent || earned > txn.earned - txn.refundedEarned) {
      return refusal(RESULT.badAmount);
    }
    return { invoice_uuid: randomUUID(), ...giveBack(txn, spent, earned), ...refusal(RESULT.success) };
  });

  api('cancel_transaction', cancelRequest, (body) => {
    const txn = byBill.get(body.bill_number);
    if (!txn) return refusal(RESULT.noTransaction);
    if (txn.returned) return refusal(RESULT.returned);
    const { refund_bonus_point: earned, ...rest } = giveBack(
      txn,
      txn.spent - txn.refundedSpent,
      txn.earned - txn.refundedEarned,
    );
    return { ...rest, refund_bonus_amount: earned, manufacturer_point: 0, ...refusal(RESULT.success) };
  });

  app.get(mount, hide, async (_request, reply) => {
    const rows = [...members.values()]
      .map(
        (m) =>
          `<tr><td><code>${escapeHtml(m.mobile)}</code></td><td><code>${escapeHtml(m.cardNumber)}</code></td>` +
          `<td><code>${escapeHtml(m.pin)}</code></td><td>${formatPoints(m.points)}</td><td>${TEXTS.states[m.state]}</td></tr>`,
      )
      .join('');
    const body =
      `<p>${TEXTS.membersIntro}</p><table><thead><tr><th>${TEXTS.mobile}</th><th>${TEXTS.cardNumber}</th>` +
      `<th>${TEXTS.pin}</th><th>${TEXTS.points}</th><th>${TEXTS.state}</th></tr></thead><tbody>${rows}</tbody></table>`;
    return reply
      .status(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(TEXTS.title, body));
  });
};

function refusal(result: ResultCode) {
  return { result, message: TEXTS.results[result] };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `50000` as `50 000` */
function formatPoints(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="mn"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1f24}main{max-width:40rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem;border-bottom:1px solid #e4e7ec}.note{color:#667085;font-size:.85rem}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}<p class="note">${TEXTS.sandboxNote}</p></main></body></html>`;
}
