import { randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';

/** What the payer reads on the sandbox pages. */
const TEXTS = {
  invoiceTitle: 'QPay нэхэмжлэх',
  scanOrChoose: 'QR кодыг банкны аппаараа уншуулах эсвэл банкаа сонгоно уу.',
  qrAlt: 'Төлбөрийн QR код',
  bankPrompt: 'Төлбөрөө баталгаажуулна уу.',
  pay: 'Төлөх',
  cancel: 'Цуцлах',
  paid: 'Төлбөр амжилттай төлөгдлөө',
  alreadyPaid: 'Энэ нэхэмжлэх аль хэдийн төлөгдсөн байна.',
  cancelled: 'Энэ нэхэмжлэх цуцлагдсан байна.',
  notFound: 'Нэхэмжлэх олдсонгүй.',
  sandboxNote: 'Туршилтын орчин: жинхэнэ мөнгө шилжихгүй.',
} as const;

export interface SandboxQpayOptions {
  /** mount path (not `prefix`: Fastify reserves that option), e.g. /sandbox/qpay */
  mountPath: string;
  /**
   * the public origin the payer pages and deeplinks are on; read on every request, so a test
   * that listens on port 0 can set it once it knows the port
   */
  publicBaseUrl: string;
  clientId: string;
  clientSecret: string;
  invoiceCode: string;
  /** how the merchant's callback_url is called */
  fetch?: typeof fetch;
  /** the access token's lifetime (QPay's is 600 s); a refresh token lives six times as long */
  tokenTtlSeconds?: number;
}

/** The banks whose apps the sandbox imitates (QPay's `urls` name real ones alike). */
const BANKS = [
  { id: 'khanbank', name: 'Khan bank', description: 'Хаан банк', initials: 'ХБ', color: '#00754a' },
  { id: 'golomtbank', name: 'Golomt bank', description: 'Голомт банк', initials: 'Г', color: '#1d4f91' },
  { id: 'statebank', name: 'State bank', description: 'Төрийн банк', initials: 'ТБ', color: '#0b6e3a' },
  { id: 'xacbank', name: 'XacBank', description: 'Хас банк', initials: 'Х', color: '#c46a00' },
  { id: 'tdbbank', name: 'TDB', description: 'Худалдаа хөгжлийн банк', initials: 'ХХБ', color: '#003b73' },
] as const;

type Bank = (typeof BANKS)[number];

const DEFAULT_TOKEN_TTL_S = 600;
const REFRESH_TTL_FACTOR = 6;
const MAX_INVOICES = 10_000;
const MAX_TOKENS = 1_000;
const CALLBACK_TIMEOUT_MS = 5_000;
/** after a failed callback, the next attempts wait this long */
const CALLBACK_RETRY_DELAYS_MS = [2_000, 10_000, 60_000];

type InvoiceStatus = 'OPEN' | 'PAID' | 'CANCELLED';
type PaymentStatus = 'PAID' | 'REFUNDED' | 'CANCELLED';

interface SandboxInvoice {
  id: string;
  senderInvoiceNo: string;
  description: string;
  amount: number;
  callbackUrl: string;
  status: InvoiceStatus;
  paymentIds: string[];
}

interface SandboxPayment {
  id: string;
  invoiceId: string;
  status: PaymentStatus;
  amount: number;
  wallet: string;
  date: string;
}

const invoiceRequest = z.looseObject({
  invoice_code: z.string().min(1).max(45),
  sender_invoice_no: z.string().min(1).max(45),
  invoice_receiver_code: z.string().min(1).max(45),
  invoice_description: z.string().min(1).max(255),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  callback_url: z.url({ protocol: /^https?$/ }).max(1000),
});

const checkRequest = z.looseObject({
  object_type: z.string(),
  object_id: z.string().min(1),
  offset: z
    .looseObject({
      page_number: z.number().int().positive().default(1),
      page_limit: z.number().int().positive().max(100).default(10),
    })
    .optional(),
});

const testPayment = z.object({ amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() });

/**
 * A local QPay v2 merchant API under `mountPath`: tokens (HTTP Basic, refresh), invoices with a
 * QR code and bank deeplinks, payment check, payment get, refund and cancel, with QPay's error
 * format (`{ error_code, message }`). Payer pages stand in for the bank apps: paying one marks the
 * invoice PAID and calls the merchant's callback_url as QPay does (GET, `qpay_payment_id` added to
 * its query). `POST {mountPath}/_test/pay/:invoiceId` pays with any amount, for mismatch tests.
 * State is in memory and bounded; every route is hidden from the OpenAPI document.
 */
export const sandboxQpay: FastifyPluginAsync<SandboxQpayOptions> = async (app, options) => {
  const callbacks = merchantCallbacks(options.fetch ?? fetch);
  app.addHook('onClose', async () => callbacks.stop());
  const ledger = invoiceLedger();
  const absolute = (path: string) => `${options.publicBaseUrl}${options.mountPath}${path}`;
  const sandbox: Sandbox = {
    mount: options.mountPath,
    options,
    tokens: tokenStore(options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_S),
    ledger,
    invoicePageUrl: (invoiceId) => absolute(`/invoice/${invoiceId}`),
    bankPageUrl: (bank, invoiceId) => absolute(`/bank/${bank.id}/${invoiceId}`),
    logoUrl: (bank) => absolute(`/logo/${bank.id}.svg`),
    pay(invoice, amount, wallet) {
      const payment = ledger.pay(invoice, amount, wallet);
      if (payment) callbacks.notify(invoice.callbackUrl, payment.id);
      return payment;
    },
  };
  tokenRoutes(app, sandbox);
  await app.register(async (api) => merchantApiRoutes(api, sandbox));
  payerPages(app, sandbox);
  testRoutes(app, sandbox);
};

/** What the route groups share. */
interface Sandbox {
  mount: string;
  options: SandboxQpayOptions;
  tokens: ReturnType<typeof tokenStore>;
  ledger: ReturnType<typeof invoiceLedger>;
  invoicePageUrl(invoiceId: string): string;
  bankPageUrl(bank: Bank, invoiceId: string): string;
  logoUrl(bank: Bank): string;
  /** marks an invoice paid and tells the merchant; null when it was not open */
  pay(invoice: SandboxInvoice, amount: number, wallet: string): SandboxPayment | null;
}

/** `POST /v2/auth/token` (HTTP Basic) and `POST /v2/auth/refresh` (Bearer refresh token) */
function tokenRoutes(app: FastifyInstance, { mount, options, tokens }: Sandbox): void {
  app.post(`${mount}/v2/auth/token`, { schema: { hide: true } }, async (request, reply) => {
    const credentials = basicCredentials(request.headers.authorization);
    if (!credentials) return qpayError(reply, 401, 'NO_CREDENDIALS', 'Basic credentials required');
    const [id, secret] = credentials;
    if (!sameText(id, options.clientId) || !sameText(secret, options.clientSecret)) {
      return qpayError(reply, 401, 'AUTHENTICATION_FAILED', 'Invalid username or password');
    }
    return reply.header('cache-control', 'no-store').send(tokens.issue());
  });

  app.post(`${mount}/v2/auth/refresh`, { schema: { hide: true } }, async (request, reply) => {
    const pair = tokens.refresh(bearer(request));
    if (!pair) return qpayError(reply, 401, 'AUTHENTICATION_FAILED', 'Invalid or expired refresh token');
    return reply.header('cache-control', 'no-store').send(pair);
  });
}

/** The calls that need an access token: invoices and payments. */
function merchantApiRoutes(api: FastifyInstance, sandbox: Sandbox): void {
  const { mount, options, tokens, ledger } = sandbox;
  api.addHook('onRequest', async (request, reply) => {
    if (!tokens.isAccess(bearer(request))) {
      return qpayError(reply, 401, 'AUTHENTICATION_FAILED', 'Token expired or invalid');
    }
  });

  api.post(`${mount}/v2/invoice`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = invoiceRequest.safeParse(request.body);
    if (!parsed.success) {
      const badAmount = parsed.error.issues.some((issue) => issue.path[0] === 'amount');
      return badAmount
        ? qpayError(reply, 422, 'INVALID_AMOUNT', 'amount must be a positive whole number')
        : qpayError(reply, 400, 'OBJECT_DATA_ERROR', parsed.error.issues.map((i) => i.path.join('.')).join(', '));
    }
    const body = parsed.data;
    if (body.invoice_code !== options.invoiceCode) {
      return qpayError(reply, 400, 'INVOICE_CODE_INVALID', 'Invalid invoice code');
    }
    const invoice = ledger.open({
      senderInvoiceNo: body.sender_invoice_no,
      description: body.invoice_description,
      amount: body.amount,
      callbackUrl: body.callback_url,
    });
    if (!invoice) return qpayError(reply, 409, 'INVOICE_CODE_REGISTERED', 'sender_invoice_no is already registered');
    const shortUrl = sandbox.invoicePageUrl(invoice.id);
    return reply.send({
      invoice_id: invoice.id,
      qr_text: shortUrl,
      qr_image: await qrPngBase64(shortUrl),
      qPay_shortUrl: shortUrl,
      urls: BANKS.map((bank) => ({
        name: bank.name,
        description: bank.description,
        logo: sandbox.logoUrl(bank),
        link: sandbox.bankPageUrl(bank, invoice.id),
      })),
    });
  });

  api.delete<{ Params: { invoiceId: string } }>(
    `${mount}/v2/invoice/:invoiceId`,
    { schema: { hide: true } },
    async (request, reply) => {
      const invoice = ledger.invoice(request.params.invoiceId);
      if (!invoice) return qpayError(reply, 404, 'INVOICE_NOTFOUND', 'Invoice not found');
      if (invoice.status === 'PAID') return qpayError(reply, 409, 'INVOICE_PAID', 'Invoice has already been paid');
      if (invoice.status === 'CANCELLED') {
        return qpayError(reply, 409, 'INVOICE_ALREADY_CANCELED', 'Invoice was already cancelled');
      }
      invoice.status = 'CANCELLED';
      return reply.send({ invoice_id: invoice.id, invoice_status: invoice.status });
    },
  );

  api.post(`${mount}/v2/payment/check`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = checkRequest.safeParse(request.body);
    if (!parsed.success) return qpayError(reply, 400, 'OBJECT_DATA_ERROR', 'object_type and object_id required');
    if (parsed.data.object_type !== 'INVOICE') {
      return qpayError(reply, 400, 'INVALID_OBJECT_TYPE', 'object_type must be INVOICE');
    }
    const invoice = ledger.invoice(parsed.data.object_id);
    if (!invoice) return qpayError(reply, 404, 'INVOICE_NOTFOUND', 'Invoice not found');
    const payments = ledger.paymentsOf(invoice);
    const { page_number: page, page_limit: limit } = parsed.data.offset ?? { page_number: 1, page_limit: 10 };
    return reply.send({
      count: payments.length,
      paid_amount: payments.filter((p) => p.status === 'PAID').reduce((sum, p) => sum + p.amount, 0),
      rows: payments.slice((page - 1) * limit, page * limit).map(checkRow),
    });
  });

  api.get<{ Params: { paymentId: string } }>(
    `${mount}/v2/payment/:paymentId`,
    { schema: { hide: true } },
    async (request, reply) => {
      const payment = ledger.payment(request.params.paymentId);
      if (!payment) return qpayError(reply, 404, 'PAYMENT_NOTFOUND', 'Payment not found');
      return reply.send(paymentDetail(payment));
    },
  );

  for (const [action, status] of [
    ['refund', 'REFUNDED'],
    ['cancel', 'CANCELLED'],
  ] as const) {
    api.delete<{ Params: { paymentId: string } }>(
      `${mount}/v2/payment/${action}/:paymentId`,
      { schema: { hide: true } },
      async (request, reply) => {
        const payment = ledger.payment(request.params.paymentId);
        if (!payment) return qpayError(reply, 404, 'PAYMENT_NOTFOUND', 'Payment not found');
        if (payment.status !== 'PAID') {
          return qpayError(reply, 409, 'PAYMENT_ALREADY_CANCELED', 'Payment was already cancelled');
        }
        payment.status = status;
        return reply.status(200).send();
      },
    );
  }
}

/** What the payer sees: the invoice page (`qPay_shortUrl`), the bank-app pages and their logos. */
function payerPages(app: FastifyInstance, sandbox: Sandbox): void {
  const { mount, ledger } = sandbox;
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    // the bank page's pay form carries no fields
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
      done(null, {}),
    );
  }

  app.get<{ Params: { invoiceId: string } }>(
    `${mount}/invoice/:invoiceId`,
    { schema: { hide: true } },
    async (request, reply) => {
      const invoice = ledger.invoice(request.params.invoiceId);
      if (!invoice) return html(reply, 404, notice(TEXTS.notFound));
      const next =
        invoice.status === 'OPEN'
          ? await payChoices(sandbox, invoice)
          : `<p>${invoice.status === 'PAID' ? TEXTS.alreadyPaid : TEXTS.cancelled}</p>`;
      return html(reply, 200, page(TEXTS.invoiceTitle, `${summary(invoice)}${next}`));
    },
  );

  app.get<{ Params: { bank: string; invoiceId: string } }>(
    `${mount}/bank/:bank/:invoiceId`,
    { schema: { hide: true } },
    async (request, reply) => {
      const bank = BANKS.find((b) => b.id === request.params.bank);
      const invoice = ledger.invoice(request.params.invoiceId);
      if (!bank || !invoice) return html(reply, 404, notice(TEXTS.notFound));
      if (invoice.status !== 'OPEN') {
        return html(reply, 200, notice(invoice.status === 'PAID' ? TEXTS.alreadyPaid : TEXTS.cancelled, invoice));
      }
      const body =
        `${summary(invoice)}<p>${TEXTS.bankPrompt}</p>` +
        `<form method="post" action="${escapeHtml(sandbox.bankPageUrl(bank, invoice.id))}">` +
        `<button type="submit">${TEXTS.pay}</button></form>` +
        `<p><a href="${escapeHtml(sandbox.invoicePageUrl(invoice.id))}">${TEXTS.cancel}</a></p>`;
      return html(reply, 200, page(bank.description, body));
    },
  );

  app.post<{ Params: { bank: string; invoiceId: string } }>(
    `${mount}/bank/:bank/:invoiceId`,
    { schema: { hide: true } },
    async (request, reply) => {
      const bank = BANKS.find((b) => b.id === request.params.bank);
      const invoice = ledger.invoice(request.params.invoiceId);
      if (!bank || !invoice) return html(reply, 404, notice(TEXTS.notFound));
      if (invoice.status === 'CANCELLED') return html(reply, 409, notice(TEXTS.cancelled, invoice));
      sandbox.pay(invoice, invoice.amount, bank.name);
      return html(reply, 200, page(TEXTS.paid, summary(invoice)));
    },
  );

  app.get<{ Params: { file: string } }>(`${mount}/logo/:file`, { schema: { hide: true } }, async (request, reply) => {
    const bank = BANKS.find((b) => `${b.id}.svg` === request.params.file);
    if (!bank) return reply.status(404).send();
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(logoSvg(bank));
  });
}

/** the QR code and one button per bank, for an open invoice */
async function payChoices(sandbox: Sandbox, invoice: SandboxInvoice): Promise<string> {
  const qr = await qrPngBase64(sandbox.invoicePageUrl(invoice.id));
  const banks = BANKS.map(
    (bank) =>
      `<li><a class="bank" href="${escapeHtml(sandbox.bankPageUrl(bank, invoice.id))}">` +
      `<img src="${escapeHtml(sandbox.logoUrl(bank))}" alt="" width="32" height="32">` +
      `${escapeHtml(bank.description)}</a></li>`,
  ).join('');
  return (
    `<img class="qr" src="data:image/png;base64,${qr}" alt="${TEXTS.qrAlt}" width="240" height="240">` +
    `<p>${TEXTS.scanOrChoose}</p><ul class="banks">${banks}</ul>`
  );
}

/** `POST {mountPath}/_test/pay/:invoiceId` with `{ amount }`: pays with any amount (tests only) */
function testRoutes(app: FastifyInstance, { mount, ledger, pay }: Sandbox): void {
  app.post<{ Params: { invoiceId: string } }>(
    `${mount}/_test/pay/:invoiceId`,
    { schema: { hide: true } },
    async (request, reply) => {
      const invoice = ledger.invoice(request.params.invoiceId);
      if (!invoice) return qpayError(reply, 404, 'INVOICE_NOTFOUND', 'Invoice not found');
      const parsed = testPayment.safeParse(request.body ?? {});
      if (!parsed.success) return qpayError(reply, 422, 'INVALID_AMOUNT', 'amount must be a positive whole number');
      const payment = pay(invoice, parsed.data.amount ?? invoice.amount, 'sandbox');
      if (!payment) return qpayError(reply, 409, 'INVOICE_PAID', `Invoice is ${invoice.status}`);
      return reply.send(checkRow(payment));
    },
  );
}

/** Invoices and their payments in insertion order, the oldest dropped past MAX_INVOICES. */
function invoiceLedger() {
  const invoices = new Map<string, SandboxInvoice>();
  const bySenderNo = new Map<string, string>();
  const payments = new Map<string, SandboxPayment>();

  function forget(invoice: SandboxInvoice): void {
    invoices.delete(invoice.id);
    bySenderNo.delete(invoice.senderInvoiceNo);
    for (const id of invoice.paymentIds) payments.delete(id);
  }

  /** a new open invoice; null when the merchant already used this sender_invoice_no */
  function open(fields: Pick<SandboxInvoice, 'senderInvoiceNo' | 'description' | 'amount' | 'callbackUrl'>) {
    if (bySenderNo.has(fields.senderInvoiceNo)) return null;
    const invoice: SandboxInvoice = { ...fields, id: randomUUID(), status: 'OPEN', paymentIds: [] };
    invoices.set(invoice.id, invoice);
    bySenderNo.set(invoice.senderInvoiceNo, invoice.id);
    for (const oldest of invoices.values()) {
      if (invoices.size <= MAX_INVOICES) break;
      forget(oldest);
    }
    return invoice;
  }

  /** one payment per invoice: null when it is not open (paid already, or cancelled) */
  function pay(invoice: SandboxInvoice, amount: number, wallet: string): SandboxPayment | null {
    if (invoice.status !== 'OPEN') return null;
    const payment: SandboxPayment = {
      id: newPaymentId(),
      invoiceId: invoice.id,
      status: 'PAID',
      amount,
      wallet,
      date: new Date().toISOString(),
    };
    payments.set(payment.id, payment);
    invoice.paymentIds.push(payment.id);
    invoice.status = 'PAID';
    return payment;
  }

  /** QPay's payment ids are long digit strings */
  function newPaymentId(): string {
    let id: string;
    do id = `${randomInt(100_000, 1_000_000)}${randomInt(1_000_000_000, 10_000_000_000)}`;
    while (payments.has(id));
    return id;
  }

  return {
    open,
    pay,
    invoice: (id: string) => invoices.get(id),
    payment: (id: string) => payments.get(id),
    paymentsOf: (invoice: SandboxInvoice) =>
      invoice.paymentIds.flatMap((id) => {
        const payment = payments.get(id);
        return payment ? [payment] : [];
      }),
  };
}

/**
 * Opaque access and refresh tokens that expire. Expiry times are answered as Unix timestamps in
 * seconds, as the live QPay is reported to do (its documentation speaks of lifetimes).
 */
function tokenStore(ttlSeconds: number) {
  const access = new Map<string, number>();
  const refresh = new Map<string, number>();

  function keepBounded(tokens: Map<string, number>): void {
    const now = Date.now();
    for (const [token, expiresAt] of tokens) if (expiresAt <= now) tokens.delete(token);
    for (const token of tokens.keys()) {
      if (tokens.size < MAX_TOKENS) break;
      tokens.delete(token);
    }
  }

  function issue() {
    keepBounded(access);
    keepBounded(refresh);
    const now = Date.now();
    const accessToken = randomBytes(32).toString('base64url');
    const refreshToken = randomBytes(32).toString('base64url');
    const accessExpiresAt = now + ttlSeconds * 1000;
    const refreshExpiresAt = now + ttlSeconds * REFRESH_TTL_FACTOR * 1000;
    access.set(accessToken, accessExpiresAt);
    refresh.set(refreshToken, refreshExpiresAt);
    return {
      token_type: 'bearer',
      refresh_expires_in: Math.floor(refreshExpiresAt / 1000),
      refresh_token: refreshToken,
      access_token: accessToken,
      expires_in: Math.floor(accessExpiresAt / 1000),
      scope: 'profile email',
      'not-before-policy': '0',
      session_state: randomUUID(),
    };
  }

  const valid = (tokens: Map<string, number>, token: string) => (tokens.get(token) ?? 0) > Date.now();

  return {
    issue,
    isAccess: (token: string | null) => token !== null && valid(access, token),
    /** a new pair for a valid refresh token, which is used up; null otherwise */
    refresh(token: string | null) {
      if (token === null || !valid(refresh, token)) return null;
      refresh.delete(token);
      return issue();
    },
  };
}

/**
 * Calls the merchant's callback_url as QPay does: GET, with `qpay_payment_id` added. Fire and
 * forget: an answer other than 2xx (the merchant should answer 200 `SUCCESS`) or no answer is
 * retried a few times in the background.
 */
function merchantCallbacks(fetchImpl: typeof fetch) {
  const timers = new Set<NodeJS.Timeout>();

  async function deliver(url: string): Promise<boolean> {
    try {
      const response = await fetchImpl(url, { method: 'GET', signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS) });
      await response.text();
      return response.ok;
    } catch {
      return false;
    }
  }

  async function attempt(url: string, retry: number): Promise<void> {
    if (await deliver(url)) return;
    const delay = CALLBACK_RETRY_DELAYS_MS[retry];
    if (delay === undefined) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void attempt(url, retry + 1);
    }, delay);
    timer.unref();
    timers.add(timer);
  }

  return {
    notify(callbackUrl: string, paymentId: string): void {
      const url = new URL(callbackUrl);
      url.searchParams.set('qpay_payment_id', paymentId);
      void attempt(url.toString(), 0);
    },
    stop(): void {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

function checkRow(payment: SandboxPayment) {
  return {
    payment_id: payment.id,
    payment_status: payment.status,
    payment_amount: `${payment.amount}.00`,
    trx_fee: '0.00',
    payment_currency: 'MNT',
    payment_wallet: payment.wallet,
    payment_type: 'P2P',
    payment_date: payment.date,
    next_payment_date: null,
    next_payment_datetime: null,
    card_transactions: [],
    p2p_transactions: [],
  };
}

function paymentDetail(payment: SandboxPayment) {
  return {
    payment_id: payment.id,
    payment_status: payment.status,
    payment_fee: '0.00',
    payment_amount: `${payment.amount}.00`,
    payment_currency: 'MNT',
    payment_date: payment.date,
    payment_wallet: payment.wallet,
    transaction_type: 'P2P',
    object_type: 'INVOICE',
    object_id: payment.invoiceId,
    card_transactions: [],
    p2p_transactions: [],
  };
}

function qpayError(reply: FastifyReply, status: number, errorCode: string, message: string) {
  return reply.status(status).header('cache-control', 'no-store').send({ error_code: errorCode, message });
}

function bearer(request: FastifyRequest): string | null {
  return /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;
}

/** `id:secret` from HTTP Basic, as QPay takes it (not form-encoded) */
function basicCredentials(header: string | undefined): [string, string] | null {
  const encoded = /^Basic (\S+)$/i.exec(header ?? '')?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

async function qrPngBase64(text: string): Promise<string> {
  const png = await QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return png.toString('base64');
}

/** `12900` as `12 900₮` */
function formatMnt(amount: number): string {
  return `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}₮`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function summary(invoice: SandboxInvoice): string {
  return `<p class="amount">${formatMnt(invoice.amount)}</p><p>${escapeHtml(invoice.description)}</p>`;
}

function notice(text: string, invoice?: SandboxInvoice): string {
  return page(TEXTS.invoiceTitle, `${invoice ? summary(invoice) : ''}<p>${text}</p>`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="mn"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1f24}main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px}.amount{font-size:2rem;font-weight:700;margin:.5rem 0}.qr{display:block;margin:1rem auto}.banks{list-style:none;padding:0}.bank{display:flex;align-items:center;gap:.75rem;padding:.6rem;margin:.4rem 0;border:1px solid #d0d5dd;border-radius:8px;color:inherit;text-decoration:none}button{width:100%;padding:.8rem;font-size:1rem;border:0;border-radius:8px;background:#1d4f91;color:#fff}.note{color:#667085;font-size:.85rem}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}<p class="note">${TEXTS.sandboxNote}</p></main></body></html>`;
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

function logoSvg(bank: Bank): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${bank.color}"/><text x="32" y="40" font-family="system-ui,sans-serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">${bank.initials}</text></svg>`;
}
