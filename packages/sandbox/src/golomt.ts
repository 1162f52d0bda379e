import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseForm } from './accounts';

/** What the payer reads on the sandbox pages. */
const TEXTS = {
  sandboxNote: 'Туршилтын орчин: бодит төлбөр хийгдэхгүй.',
  cardTitle: 'Картаар төлөх',
  socialTitle: 'SocialPay-ээр төлөх',
  socialHint: 'SocialPay аппликейшн дээр нэхэмжлэх ирлээ. Төлөх эсэхээ сонгоно уу.',
  otpTitle: '3-D Secure баталгаажуулалт',
  otpHint: 'Таны утсанд илгээсэн 6 оронтой кодыг оруулна уу.',
  amount: 'Төлөх дүн',
  cardNumber: 'Картын дугаар',
  holder: 'Карт эзэмшигчийн нэр',
  expiry: 'Дуусах хугацаа (MM/YY)',
  cvv: 'CVV код',
  otp: 'Баталгаажуулах код',
  pay: 'Төлөх',
  cancel: 'Цуцлах',
  confirm: 'Баталгаажуулах',
  continue: 'Дэлгүүр рүү буцах',
  invalidCard: 'Картын мэдээлэл буруу байна. Дахин шалгана уу.',
  notFound: 'Нэхэмжлэх олдсонгүй.',
  testCards: 'Туршилтын картууд (дурын нэр, ирээдүйн хугацаа, дурын CVV):',
  otpTestCode: 'Туршилтын код: 123456 (бусад код татгалзана).',
  timeoutHint: (wait: string) => `Хуудсыг ${wait} орхивол гүйлгээний хугацаа дуусна.`,
  minutes: 'минут',
  seconds: 'секунд',
  cards: {
    success: 'амжилттай',
    declined: 'татгалзана',
    insufficientFunds: 'үлдэгдэл хүрэлцэхгүй',
    challenge: '3-D Secure код асууна',
    laterDeclined: 'амжилттай, харин хадгалсан картаар (токеноор) татгалзана',
  },
} as const;

/**
 * Outcomes as the bank answers them (`errorCode`, `errorDesc`). Golomt documents "000" as the
 * only success and "300" (expired card) in its examples; the other codes are this sandbox's own
 * choice, to be checked against Golomt's error code table before going live.
 */
const OUTCOMES = {
  success: { code: '000', desc: 'Амжилттай' },
  declined: { code: '005', desc: 'Гүйлгээ татгалзсан' },
  insufficientFunds: { code: '051', desc: 'Үлдэгдэл хүрэлцэхгүй' },
  expiredCard: { code: '300', desc: 'Картын хугацаа дууссан' },
  cancelled: { code: '017', desc: 'Харилцагч цуцалсан' },
  timeout: { code: '068', desc: 'Гүйлгээний хугацаа дууссан' },
  reversed: { code: '400', desc: 'Гүйлгээ буцаагдсан' },
} as const;
type Outcome = (typeof OUTCOMES)[keyof typeof OUTCOMES];

type CardBehaviour = keyof typeof TEXTS.cards;

/** The cards the sandbox card page knows; any other number is declined. */
export const GOLOMT_TEST_CARDS: readonly { number: string; behaviour: CardBehaviour }[] = [
  { number: '4111 1111 1111 1111', behaviour: 'success' },
  { number: '4000 0000 0000 0002', behaviour: 'declined' },
  { number: '4000 0000 0000 9995', behaviour: 'insufficientFunds' },
  { number: '4000 0000 0000 3220', behaviour: 'challenge' },
  { number: '4000 0000 0000 0341', behaviour: 'laterDeclined' },
];

/** The one-time code the 3-D Secure page accepts. */
const TEST_OTP = '123456';
const BANK = 'Голомт банк';
/** what a SocialPay payment reads as: the wallet's card, as Golomt's examples mask it */
const SOCIALPAY_CARD: Card = { masked: '949625******0003', holder: 'SOCIALPAY', behaviour: 'success' };
const MAX_ENTRIES = 2000;
const PUSH_TIMEOUT_MS = 5000;

export interface SandboxGolomtOptions {
  /** e.g. /sandbox/golomt: the API under `{mountPath}/api/...`, the pages beside it */
  mountPath: string;
  /** the public origin (SocialPay "deeplinks" are links to the sandbox page there) */
  publicBaseUrl: string;
  /** the merchant's bearer token */
  token: string;
  /** the merchant's HMAC key */
  secret: string;
  /** where the bank pushes each hosted-page result (registered once with the bank, not per invoice) */
  notificationUrl?: string;
  fetch?: typeof fetch;
  /** an invoice not paid within this reads as timed out (default 15 minutes) */
  challengeTimeoutMs?: number;
}

/** A card as the sandbox keeps it: masked, never the number or the CVV. */
interface Card {
  masked: string;
  holder: string;
  behaviour: CardBehaviour;
}

interface Transaction {
  transactionId: string;
  /** null for a token payment (no page) */
  invoice: string | null;
  amount: string;
  callback: string;
  returnType: 'GET' | 'POST' | 'MOBILE';
  genToken: boolean;
  createdAt: number;
  outcome: Outcome | null;
  card: Card | null;
  /** the card waiting for its 3-D Secure code */
  challenge: Card | null;
  token: string | null;
}

const transactionId = z.string().regex(/^[A-Za-z0-9]{1,15}$/, 'transactionId: 1 to 15 letters or digits');
const amount = z.string().regex(/^[1-9]\d*$/, 'amount: a positive whole number of tögrög');
const invoiceRequest = z.object({
  amount,
  callback: z.url({ protocol: /^https?$/ }),
  checksum: z.string(),
  genToken: z.enum(['Y', 'N']),
  returnType: z.enum(['GET', 'POST', 'MOBILE']),
  transactionId,
  socialDeeplink: z.enum(['Y', 'N']).optional(),
});
const inquiryRequest = z.object({ checksum: z.string(), transactionId: z.string() });
const payRequest = z.object({
  amount,
  checksum: z.string(),
  transactionId,
  lang: z.enum(['MN', 'EN']),
  token: z.string().min(1),
});
const refundRequest = z.object({ amount, checksum: z.string(), transactionId: z.string() });

/**
 * A stand-in for Golomt Bank's e-commerce gateway, speaking its merchant protocol: `POST
 * {mountPath}/api/invoice`, `/api/inquiry`, `/api/pay` (by saved-card token) and `/api/refund`
 * (this last one is not in Golomt's public documentation), all with a bearer token and HMAC-SHA256
 * checksums; the hosted card page `{mountPath}/payment/{lang}/{invoice}` with a 3-D Secure step,
 * the SocialPay page `{mountPath}/socialpay/{lang}/{invoice}`, the browser's return to the
 * invoice's callback and the push notification. Plain forms, no scripts.
 */
export const sandboxGolomt: FastifyPluginAsync<SandboxGolomtOptions> = async (app, options) => {
  const { mountPath, secret } = options;
  const timeoutMs = options.challengeTimeoutMs ?? 15 * 60_000;
  const doFetch = options.fetch ?? fetch;
  const transactions = new Map<string, Transaction>();
  const invoices = new Map<string, string>();
  const tokens = new Map<string, Card>();
  const sign = (...fields: string[]) => checksum(secret, fields);

  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, parseForm(String(body))),
    );
  }

  /** a waiting invoice past its time reads as timed out from then on */
  function expireIfLate(txn: Transaction) {
    if (!txn.outcome && txn.invoice && Date.now() - txn.createdAt > timeoutMs) {
      txn.outcome = OUTCOMES.timeout;
      txn.challenge = null;
    }
  }

  function byInvoice(invoice: string): Transaction | undefined {
    const id = invoices.get(invoice);
    const txn = id ? transactions.get(id) : undefined;
    if (txn) expireIfLate(txn);
    return txn;
  }

  /** the fields the inquiry answer and the push notification share, signed as Golomt documents */
  function resultFields(txn: Transaction) {
    const code = txn.outcome?.code ?? '';
    return {
      amount: txn.amount,
      bank: txn.card ? BANK : '',
      errorDesc: txn.outcome?.desc ?? 'Төлбөр хүлээгдэж байна',
      errorCode: code,
      cardHolder: txn.card?.holder ?? '',
      transactionId: txn.transactionId,
      cardNumber: txn.card?.masked ?? '',
      ...(txn.token ? { token: txn.token } : {}),
      checksum: sign(txn.transactionId, code, txn.amount, txn.token ?? ''),
    };
  }

  async function pushNotification(txn: Transaction) {
    if (!options.notificationUrl) return;
    try {
      const response = await doFetch(options.notificationUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(resultFields(txn)),
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      if (!response.ok) app.log.warn({ status: response.status }, 'sandbox golomt: push notification refused');
    } catch {
      app.log.warn('sandbox golomt: push notification failed');
    }
  }

  /** records the decision, saves the card as a token when asked, pushes, and sends the payer back */
  async function settle(reply: FastifyReply, txn: Transaction, outcome: Outcome, card: Card | null) {
    txn.outcome = outcome;
    txn.challenge = null;
    txn.card = card;
    if (outcome === OUTCOMES.success && txn.genToken && card) {
      txn.token = randomBytes(24).toString('hex');
      remember(tokens, txn.token, card);
    }
    await pushNotification(txn);
    return returnToMerchant(reply, txn);
  }

  /** the browser's way back: `invoice` (the merchant's transactionId), `status_code`, `desc` */
  function returnToMerchant(reply: FastifyReply, txn: Transaction) {
    const outcome = txn.outcome ?? OUTCOMES.timeout;
    const params = { invoice: txn.transactionId, status_code: outcome.code, desc: outcome.desc };
    if (txn.returnType === 'POST') {
      const hidden = Object.entries(params)
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value)}">`)
        .join('');
      return html(
        reply,
        200,
        page(
          TEXTS.cardTitle,
          `<form method="post" action="${escape(txn.callback)}">${hidden}<button type="submit">${TEXTS.continue}</button></form>`,
        ),
      );
    }
    const target = new URL(txn.callback);
    for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
    return reply.header('cache-control', 'no-store').redirect(target.toString(), 303);
  }

  function cardPage(reply: FastifyReply, txn: Transaction, lang: string, status = 200, error?: string) {
    const cards = GOLOMT_TEST_CARDS.map((c) => `<li><code>${c.number}</code> – ${TEXTS.cards[c.behaviour]}</li>`).join(
      '',
    );
    return html(
      reply,
      status,
      page(
        TEXTS.cardTitle,
        `${amountLine(txn.amount)}${error ? `<p class="error">${error}</p>` : ''}
<form method="post" action="${escape(`${mountPath}/payment/${lang}/${txn.invoice}`)}">
<label>${TEXTS.cardNumber}<input name="cardNumber" inputmode="numeric" autocomplete="cc-number" required></label>
<label>${TEXTS.holder}<input name="holder" autocomplete="cc-name" required></label>
<label>${TEXTS.expiry}<input name="expiry" placeholder="MM/YY" autocomplete="cc-exp" required></label>
<label>${TEXTS.cvv}<input name="cvv" inputmode="numeric" autocomplete="cc-csc" required></label>
<button type="submit">${TEXTS.pay}</button></form>
<div class="hint"><p>${TEXTS.testCards}</p><ul>${cards}</ul><p>${TEXTS.timeoutHint(waitText(timeoutMs))}</p></div>`,
      ),
    );
  }

  function otpPage(reply: FastifyReply, txn: Transaction, lang: string) {
    return html(
      reply,
      200,
      page(
        TEXTS.otpTitle,
        `${amountLine(txn.amount)}<p>${TEXTS.otpHint}</p>
<form method="post" action="${escape(`${mountPath}/payment/${lang}/${txn.invoice}/otp`)}">
<label>${TEXTS.otp}<input name="otp" inputmode="numeric" autocomplete="one-time-code" required></label>
<button type="submit">${TEXTS.confirm}</button></form><div class="hint"><p>${TEXTS.otpTestCode}</p></div>`,
      ),
    );
  }

  function socialPage(reply: FastifyReply, txn: Transaction, lang: string) {
    const action = escape(`${mountPath}/socialpay/${lang}/${txn.invoice}`);
    return html(
      reply,
      200,
      page(
        TEXTS.socialTitle,
        `${amountLine(txn.amount)}<p>${TEXTS.socialHint}</p>
<form method="post" action="${action}"><input type="hidden" name="decision" value="pay"><button type="submit">${TEXTS.pay}</button></form>
<form method="post" action="${action}"><input type="hidden" name="decision" value="cancel"><button type="submit" class="secondary">${TEXTS.cancel}</button></form>`,
      ),
    );
  }

  type PageRoute = { Params: { lang: string; invoice: string }; Body: Record<string, string> | undefined };
  type PageRequest = FastifyRequest<PageRoute>;

  /** the invoice a page is about, or a 404 page; an invoice already decided sends the payer back */
  function pageTransaction(request: PageRequest, reply: FastifyReply): Transaction | FastifyReply {
    const txn = /^(mn|en)$/i.test(request.params.lang) ? byInvoice(request.params.invoice) : undefined;
    if (!txn) return html(reply, 404, page(TEXTS.cardTitle, `<p class="error">${TEXTS.notFound}</p>`));
    if (txn.outcome) return returnToMerchant(reply, txn);
    return txn;
  }

  const hide = { schema: { hide: true } };
  const pagePath = `${mountPath}/payment/:lang/:invoice`;
  const socialPath = `${mountPath}/socialpay/:lang/:invoice`;

  app.get<PageRoute>(pagePath, hide, async (request, reply) => {
    const txn = pageTransaction(request, reply);
    if (!isTransaction(txn)) return txn;
    const { lang } = request.params;
    return txn.challenge ? otpPage(reply, txn, lang) : cardPage(reply, txn, lang);
  });

  app.post<PageRoute>(pagePath, hide, async (request, reply) => {
    const txn = pageTransaction(request, reply);
    if (!isTransaction(txn)) return txn;
    const card = readCard(request.body ?? {});
    if (!card) return cardPage(reply, txn, request.params.lang, 400, TEXTS.invalidCard);
    if (card.expired) return settle(reply, txn, OUTCOMES.expiredCard, card.kept);
    if (card.kept.behaviour === 'challenge') {
      txn.challenge = card.kept;
      return otpPage(reply, txn, request.params.lang);
    }
    return settle(reply, txn, outcomeOf(card.kept.behaviour), card.kept);
  });

  app.post<PageRoute>(`${pagePath}/otp`, hide, async (request, reply) => {
    const txn = pageTransaction(request, reply);
    if (!isTransaction(txn)) return txn;
    if (!txn.challenge) return reply.redirect(`${mountPath}/payment/${request.params.lang}/${txn.invoice}`, 303);
    if (request.body?.otp?.trim() !== TEST_OTP) return settle(reply, txn, OUTCOMES.declined, txn.challenge);
    return settle(reply, txn, OUTCOMES.success, { ...txn.challenge, behaviour: 'success' });
  });

  app.get<PageRoute>(socialPath, hide, async (request, reply) => {
    const txn = pageTransaction(request, reply);
    return isTransaction(txn) ? socialPage(reply, txn, request.params.lang) : txn;
  });

  app.post<PageRoute>(socialPath, hide, async (request, reply) => {
    const txn = pageTransaction(request, reply);
    if (!isTransaction(txn)) return txn;
    return request.body?.decision === 'pay'
      ? settle(reply, txn, OUTCOMES.success, SOCIALPAY_CARD)
      : settle(reply, txn, OUTCOMES.cancelled, null);
  });

  // A bank outage, switched on and off by a developer or a test (`POST {mountPath}/outage`
  // `{"on": true}`): the merchant API then answers 503, as a bank in maintenance does.
  let outage = false;
  app.post(`${mountPath}/outage`, hide, async (request, reply) => {
    const parsed = z.strictObject({ on: z.boolean() }).safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ error: z.prettifyError(parsed.error) });
    outage = parsed.data.on;
    return { outage };
  });

  await app.register(async (api) => {
    api.addHook('onRequest', async (request, reply) => {
      // Golomt: "a blank value is returned if Header authorization is not set or incorrect" (403)
      if (!sameText(request.headers.authorization ?? '', `Bearer ${options.token}`)) return reply.status(403).send();
      if (outage) return reply.status(503).send();
    });

    api.post(`${mountPath}/api/invoice`, hide, async (request, reply) => {
      const parsed = invoiceRequest.safeParse(request.body);
      if (!parsed.success) return bankError(request, reply, 'Validation', z.prettifyError(parsed.error));
      const body = parsed.data;
      if (!sameText(body.checksum, sign(body.transactionId, body.amount, body.returnType, body.callback)))
        return bankError(request, reply, 'Validation', 'checksum mismatch');
      if (transactions.has(body.transactionId))
        return bankError(request, reply, 'Validation', 'duplicate transactionId');
      const invoice = randomUUID();
      remember(transactions, body.transactionId, {
        transactionId: body.transactionId,
        invoice,
        amount: body.amount,
        callback: body.callback,
        returnType: body.returnType,
        genToken: body.genToken === 'Y',
        createdAt: Date.now(),
        outcome: null,
        card: null,
        challenge: null,
        token: null,
      });
      remember(invoices, invoice, body.transactionId);
      return {
        invoice,
        checksum: sign(invoice, body.transactionId),
        transactionId: body.transactionId,
        ...(body.socialDeeplink === 'Y'
          ? { socialDeeplink: `${options.publicBaseUrl}${mountPath}/socialpay/mn/${invoice}` }
          : {}),
      };
    });

    api.post(`${mountPath}/api/inquiry`, hide, async (request, reply) => {
      const parsed = inquiryRequest.safeParse(request.body);
      if (!parsed.success) return bankError(request, reply, 'Validation', z.prettifyError(parsed.error));
      const { transactionId: id } = parsed.data;
      if (!sameText(parsed.data.checksum, sign(id, id)))
        return bankError(request, reply, 'Validation', 'checksum mismatch');
      const txn = transactions.get(id);
      if (!txn) return bankError(request, reply, 'NotFound', 'transaction not found');
      expireIfLate(txn);
      return { status: txn.outcome ? 'SENT' : 'PENDING', ...resultFields(txn) };
    });

    api.post(`${mountPath}/api/pay`, hide, async (request, reply) => {
      const parsed = payRequest.safeParse(request.body);
      if (!parsed.success) return bankError(request, reply, 'Validation', z.prettifyError(parsed.error));
      const body = parsed.data;
      if (!sameText(body.checksum, sign(body.amount, body.transactionId, body.token)))
        return bankError(request, reply, 'Validation', 'checksum mismatch');
      if (transactions.has(body.transactionId))
        return bankError(request, reply, 'Validation', 'duplicate transactionId');
      const card = tokens.get(body.token);
      if (!card) return bankError(request, reply, 'NotFound', 'token not found');
      const outcome = card.behaviour === 'success' ? OUTCOMES.success : OUTCOMES.declined;
      remember(transactions, body.transactionId, {
        transactionId: body.transactionId,
        invoice: null,
        amount: body.amount,
        callback: '',
        returnType: 'GET',
        genToken: false,
        createdAt: Date.now(),
        outcome,
        card,
        challenge: null,
        token: null,
      });
      // Golomt's example answers the amount with two decimals ("1.00")
      const shown = `${body.amount}.00`;
      return {
        amount: shown,
        errorDesc: outcome.desc,
        checksum: sign(body.transactionId, outcome.code, shown),
        errorCode: outcome.code,
        cardNumber: card.masked,
        transactionId: body.transactionId,
      };
    });

    api.post(`${mountPath}/api/refund`, hide, async (request, reply) => {
      const parsed = refundRequest.safeParse(request.body);
      if (!parsed.success) return bankError(request, reply, 'Validation', z.prettifyError(parsed.error));
      const body = parsed.data;
      if (!sameText(body.checksum, sign(body.transactionId, body.amount)))
        return bankError(request, reply, 'Validation', 'checksum mismatch');
      const txn = transactions.get(body.transactionId);
      if (!txn) return bankError(request, reply, 'NotFound', 'transaction not found');
      if (txn.outcome !== OUTCOMES.success)
        return bankError(request, reply, 'Validation', 'nothing captured to refund');
      if (body.amount !== txn.amount)
        return bankError(request, reply, 'Validation', 'only the full amount is refunded');
      txn.outcome = OUTCOMES.reversed;
      return {
        transactionId: txn.transactionId,
        amount: txn.amount,
        errorCode: OUTCOMES.success.code,
        errorDesc: OUTCOMES.success.desc,
        checksum: sign(txn.transactionId, OUTCOMES.success.code, txn.amount),
      };
    });
  });
};

/** Golomt's checksum: HMAC-SHA256 of the fields concatenated, keyed with the merchant secret, lowercase hex. */
function checksum(secret: string, fields: string[]): string {
  return createHmac('sha256', secret).update(fields.join('')).digest('hex');
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Golomt's error answer (`timestamp`, `status`, `error`, `message`, `path`), always 400 here. */
function bankError(request: FastifyRequest, reply: FastifyReply, error: 'Validation' | 'NotFound', message: string) {
  return reply
    .status(400)
    .send({ timestamp: new Date().toISOString(), status: 400, error, message, path: request.url });
}

/** keeps a map bounded: past the limit, the oldest entry goes */
function remember<K, V>(map: Map<K, V>, key: K, value: V) {
  map.set(key, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as K);
}

function isTransaction(value: Transaction | FastifyReply): value is Transaction {
  return 'transactionId' in value;
}

/** The posted card, reduced to what the sandbox keeps; null when the form is not a card. */
function readCard(form: Record<string, string>): { kept: Card; expired: boolean } | null {
  const digits = (form.cardNumber ?? '').replace(/[\s-]/g, '');
  const expiry = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec((form.expiry ?? '').replace(/\s/g, ''));
  const holder = (form.holder ?? '').trim();
  if (!/^\d{12,19}$/.test(digits) || !expiry || !/^\d{3,4}$/.test(form.cvv ?? '') || !holder) return null;
  const endOfMonth = new Date(2000 + Number(expiry[2]), Number(expiry[1]), 1);
  const known = GOLOMT_TEST_CARDS.find((c) => c.number.replace(/\s/g, '') === digits);
  return {
    kept: {
      masked: `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`,
      holder: holder.slice(0, 64),
      behaviour: known?.behaviour ?? 'declined',
    },
    expired: endOfMonth.getTime() <= Date.now(),
  };
}

function outcomeOf(behaviour: CardBehaviour): Outcome {
  if (behaviour === 'success' || behaviour === 'laterDeclined') return OUTCOMES.success;
  if (behaviour === 'insufficientFunds') return OUTCOMES.insufficientFunds;
  return OUTCOMES.declined;
}

/** `12900` → `12 900₮` */
function amountLine(amount: string): string {
  const shown = amount.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `<p class="amount">${TEXTS.amount}: <strong>${shown}₮</strong></p>`;
}

function waitText(ms: number): string {
  return ms >= 60_000 ? `${Math.round(ms / 60_000)} ${TEXTS.minutes}` : `${Math.ceil(ms / 1000)} ${TEXTS.seconds}`;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="mn"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font:16px system-ui,sans-serif;margin:2rem auto;max-width:26rem;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.3rem}.note{background:#fff4d6;padding:.5rem;border-radius:.25rem;font-size:.85rem}
label{display:block;margin:.75rem 0 0}input{display:block;width:100%;box-sizing:border-box;padding:.5rem;margin-top:.25rem;font-size:1rem}
button{margin-top:1rem;padding:.6rem 1.2rem;font-size:1rem;background:#0b4ea2;color:#fff;border:0;border-radius:.25rem}
button.secondary{background:#777}.error{color:#b00020}.amount{font-size:1.1rem}.hint{margin-top:1.5rem;font-size:.85rem;color:#444}</style>
</head><body><p class="note">${TEXTS.sandboxNote}</p><h1>${title}</h1>${body}</body></html>`;
}
