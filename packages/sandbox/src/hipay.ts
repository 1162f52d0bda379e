import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** What the payer reads on the sandbox payment page. */
const TEXTS = {
  title: 'HiPay төлбөр',
  payee: 'Хүлээн авагч',
  prompt: 'HiPay хэтэвчээрээ төлбөрөө баталгаажуулна уу.',
  pay: 'Төлөх',
  cancel: 'Цуцлах',
  alreadyPaid: 'Энэ нэхэмжлэх аль хэдийн төлөгдсөн байна.',
  cancelled: 'Энэ нэхэмжлэх цуцлагдсан байна.',
  expired: 'Энэ нэхэмжлэхийн хугацаа дууссан байна.',
  notFound: 'Нэхэмжлэх олдсонгүй.',
  sandboxNote: 'Туршилтын орчин: бодит төлбөр хийгдэхгүй.',
} as const;

export interface SandboxHipayOptions {
  /** mount path (not `prefix`: Fastify reserves that option), e.g. /sandbox/hipay */
  mountPath: string;
  /**
   * the public origin of the payment page; read on every request, so a test that listens on
   * port 0 can set it once it knows the port
   */
  publicBaseUrl: string;
  /** the merchant's `entityId` (HiPay's `client_id`) */
  entityId: string;
  /** the merchant's token (HiPay's `client_secret`), expected as `Authorization: Bearer` */
  token: string;
  /** how the merchant's webhook_url is called */
  fetch?: typeof fetch;
  /**
   * how many times a payment's webhook is sent, answered 200 or not (HiPay repeats one until it
   * is answered 200): several, so that the merchant's deduplication is exercised; default 3
   */
  webhookRepeats?: number;
  /** how long a checkout can be paid (HiPay answers its own `expires`); default 60 min */
  checkoutTtlMs?: number;
  /** the sandbox's clock (tests move it, e.g. to refund on another day) */
  now?: () => number;
}

const DEFAULT_WEBHOOK_REPEATS = 3;
const MAX_WEBHOOK_REPEATS = 20;
const DEFAULT_CHECKOUT_TTL_MS = 60 * 60_000;
const MAX_CHECKOUTS = 10_000;
const WEBHOOK_TIMEOUT_MS = 5_000;
/** the pause between two sends of one webhook (HiPay's own retries wait 15 s, 15 s, 30 s, …) */
const WEBHOOK_GAP_MS = 50;
/** Ulaanbaatar time, the day HiPay's same-day refund rule is counted in */
const ULAANBAATAR_OFFSET_MS = 8 * 60 * 60_000;

type CheckoutStatus = 'new' | 'paid' | 'canceled' | 'expired';

interface SandboxCheckout {
  id: string;
  amount: number;
  /** the first item's name, shown to the payer */
  description: string;
  redirectUri: string;
  webhookUrl: string | null;
  status: CheckoutStatus;
  statusDate: number;
  expiresAt: number;
  paymentId: string | null;
}

interface SandboxPayment {
  id: string;
  checkoutId: string;
  amount: number;
  paidAt: number;
  correctionId: string | null;
}

const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);

/** `POST /checkout`, as HiPay documents it (plus `currency`, which public clients send) */
const checkoutRequest = z.looseObject({
  entityId: z.string().min(1).max(35),
  amount: z.number().positive().max(1e12),
  currency: z.literal('MNT').optional(),
  redirect_uri: httpUrl,
  webhook_url: httpUrl.optional(),
  qrData: z.boolean().optional(),
  items: z
    .array(
      z.looseObject({
        itemno: z.string().max(32).optional(),
        name: z.string().max(200).optional(),
        price: z.number().optional(),
        quantity: z.number().int().positive().optional(),
      }),
    )
    .max(100)
    .optional(),
});

const cancelCheckoutRequest = z.looseObject({ checkoutId: z.string().min(1) });
const refundRequest = z.looseObject({ entityId: z.string().min(1), paymentId: z.string().min(1) });
const entityQuery = z.looseObject({ entityId: z.string().optional() });
const pageQuery = z.looseObject({ checkoutId: z.string().optional(), lang: z.string().optional() });

/** the `entityId` of a query; undefined when absent or malformed (given twice) */
const entityOf = (query: unknown) => entityQuery.safeParse(query).data?.entityId;

/**
 * A local HiPay (hipay.mn) merchant API under `mountPath`, as https://developers.hipay.mn/en/main
 * describes it: `POST /checkout`, `GET /checkout/get/:checkoutId`, `POST /checkout/cancel`,
 * `GET /payment/get/:paymentId` and `POST /payment/cancel` (refund, whole payment, same day), with
 * a bearer token and the merchant's `entityId`, answering `{ code: 1 | 0, description, … }`. The
 * payment form `GET /payment/?checkoutId=` stands in for the wallet: "Төлөх" pays, calls the
 * merchant's webhook_url with GET (`checkoutId`, `paymentId` added) `webhookRepeats` times, and
 * sends the payer to redirect_uri; "Цуцлах" cancels the checkout and sends the payer back.
 * State is in memory and bounded; every route is hidden from the OpenAPI document.
 */
export const sandboxHipay: FastifyPluginAsync<SandboxHipayOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const webhooks = merchantWebhooks(
    options.fetch ?? fetch,
    Math.min(Math.max(1, options.webhookRepeats ?? DEFAULT_WEBHOOK_REPEATS), MAX_WEBHOOK_REPEATS),
  );
  app.addHook('onClose', async () => webhooks.stop());
  const sandbox: Sandbox = {
    mount: options.mountPath,
    options,
    now,
    ledger: checkoutLedger(now, options.checkoutTtlMs ?? DEFAULT_CHECKOUT_TTL_MS),
    webhooks,
    pageUrl(checkoutId) {
      const url = new URL(`${options.publicBaseUrl}${options.mountPath}/payment/`);
      url.searchParams.set('checkoutId', checkoutId);
      return url.toString();
    },
    formUrl: (checkoutId, action) =>
      `${options.publicBaseUrl}${options.mountPath}/form/${encodeURIComponent(checkoutId)}/${action}`,
  };
  await app.register(async (api) => merchantApiRoutes(api, sandbox));
  payerPages(app, sandbox);
};

/** What the route groups share. */
interface Sandbox {
  mount: string;
  options: SandboxHipayOptions;
  now: () => number;
  ledger: ReturnType<typeof checkoutLedger>;
  webhooks: ReturnType<typeof merchantWebhooks>;
  pageUrl(checkoutId: string): string;
  formUrl(checkoutId: string, action: 'pay' | 'cancel'): string;
}

/** The calls that need the merchant's bearer token. */
function merchantApiRoutes(api: FastifyInstance, { mount, options, now, ledger, pageUrl }: Sandbox): void {
  const merchant = (entityId: string | undefined) => entityId !== undefined && sameText(entityId, options.entityId);
  const badEntity = (reply: FastifyReply) =>
    hipayError(reply, 400, 'UNSUCCESS', 'invalid or missing entityId parameter');

  api.addHook('onRequest', async (request, reply) => {
    const token = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !sameText(token, options.token)) return hipayError(reply, 401, 'UNSUCCESS', 'invalid token');
  });

  api.post(`${mount}/checkout`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = checkoutRequest.safeParse(request.body);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))].join(', ');
      return hipayError(reply, 400, 'UNSUCCESS', `invalid parameters: ${fields}`);
    }
    const body = parsed.data;
    if (!merchant(body.entityId)) return badEntity(reply);
    const checkout = ledger.open({
      amount: body.amount,
      description: body.items?.[0]?.name ?? TEXTS.title,
      redirectUri: body.redirect_uri,
      webhookUrl: body.webhook_url ?? null,
    });
    return success(reply, {
      requestId: randomUUID().replaceAll('-', ''),
      checkoutId: checkout.id,
      expires: new Date(checkout.expiresAt).toISOString(),
      ...(body.qrData ? { qrData: pageUrl(checkout.id) } : {}),
    });
  });

  api.get<{ Params: { checkoutId: string } }>(
    `${mount}/checkout/get/:checkoutId`,
    { schema: { hide: true } },
    async (request, reply) => {
      if (!merchant(entityOf(request.query))) return badEntity(reply);
      const checkout = ledger.checkout(request.params.checkoutId);
      if (!checkout) return hipayError(reply, 200, 'UNSUCCESS', 'checkout not found');
      return success(reply, {
        amount: checkout.amount,
        currency: 'MNT',
        status: checkout.status,
        status_date: new Date(checkout.statusDate).toISOString(),
        ...(checkout.paymentId ? { paymentId: checkout.paymentId } : {}),
      });
    },
  );

  api.post(`${mount}/checkout/cancel`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = cancelCheckoutRequest.safeParse(request.body);
    if (!parsed.success) return hipayError(reply, 400, 'UNSUCCESS', 'invalid parameters: checkoutId');
    const checkout = ledger.checkout(parsed.data.checkoutId);
    if (!checkout) return hipayError(reply, 200, 'UNSUCCESS', 'checkout not found');
    if (checkout.status !== 'new') return hipayError(reply, 200, 'UNSUCCESS', `checkout is ${checkout.status}`);
    ledger.cancel(checkout);
    return success(reply, {});
  });

  api.get<{ Params: { paymentId: string } }>(
    `${mount}/payment/get/:paymentId`,
    { schema: { hide: true } },
    async (request, reply) => {
      if (!merchant(entityOf(request.query))) return badEntity(reply);
      const payment = ledger.payment(request.params.paymentId);
      if (!payment) return hipayError(reply, 200, 'UNSUCCESS', 'payment not found');
      return success(reply, {
        id: payment.id,
        checkoutId: payment.checkoutId,
        paymentId: payment.id,
        amount: payment.amount,
        currency: 'MNT',
        entityId: options.entityId,
        paymentType: 'wtxn',
        paymentDate: new Date(payment.paidAt).toISOString(),
      });
    },
  );

  api.post(`${mount}/payment/cancel`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = refundRequest.safeParse(request.body);
    if (!parsed.success) return hipayError(reply, 400, 'UNSUCCESS', 'invalid parameters: entityId, paymentId');
    if (!merchant(parsed.data.entityId)) return badEntity(reply);
    const payment = ledger.payment(parsed.data.paymentId);
    if (!payment) return hipayError(reply, 200, 'UNSUCCESS', 'payment not found');
    if (payment.correctionId) return hipayError(reply, 200, 'PROCESS_FAIL', 'payment already refunded');
    if (ulaanbaatarDay(payment.paidAt) !== ulaanbaatarDay(now())) {
      return hipayError(reply, 200, 'PROCESS_FAIL', 'a payment is refunded only on the day it was made');
    }
    payment.correctionId = randomUUID();
    return success(reply, { paymentId: payment.id, correction_paymentId: payment.correctionId });
  });
}

/** The payment form the payer is sent to, and its two buttons. */
function payerPages(app: FastifyInstance, sandbox: Sandbox): void {
  const { mount, options, ledger, webhooks } = sandbox;
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    // the forms carry no fields: the checkout is in the path
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
      done(null, {}),
    );
  }

  async function paymentPage(request: FastifyRequest, reply: FastifyReply) {
    const checkoutId = pageQuery.safeParse(request.query).data?.checkoutId;
    const checkout = checkoutId ? ledger.checkout(checkoutId) : undefined;
    if (!checkout) return html(reply, 404, page(`<p>${TEXTS.notFound}</p>`));
    if (checkout.status !== 'new') return html(reply, 409, page(`${summary(checkout)}${closedNotice(checkout)}`));
    const body =
      `${summary(checkout)}<p>${TEXTS.payee}: ${escapeHtml(options.entityId)}</p><p>${TEXTS.prompt}</p>` +
      `<form method="post" action="${escapeHtml(sandbox.formUrl(checkout.id, 'pay'))}">` +
      `<button type="submit">${TEXTS.pay}</button></form>` +
      `<form method="post" action="${escapeHtml(sandbox.formUrl(checkout.id, 'cancel'))}">` +
      `<button type="submit" class="secondary">${TEXTS.cancel}</button></form>`;
    return html(reply, 200, page(body));
  }
  // HiPay documents the form as `/payment/`; public clients also call it without the slash
  app.get(`${mount}/payment/`, { schema: { hide: true } }, paymentPage);
  // a server that ignores trailing slashes has both already
  if (!app.hasRoute({ method: 'GET', url: `${mount}/payment` })) {
    app.get(`${mount}/payment`, { schema: { hide: true } }, paymentPage);
  }

  app.post<{ Params: { checkoutId: string } }>(
    `${mount}/form/:checkoutId/pay`,
    { schema: { hide: true } },
    async (request, reply) => {
      const checkout = ledger.checkout(request.params.checkoutId);
      if (!checkout) return html(reply, 404, page(`<p>${TEXTS.notFound}</p>`));
      const payment = ledger.pay(checkout);
      if (!payment) return html(reply, 409, page(`${summary(checkout)}${closedNotice(checkout)}`));
      if (checkout.webhookUrl) await webhooks.notify(checkout.webhookUrl, checkout.id, payment.id);
      return backToMerchant(reply, checkout, true);
    },
  );

  app.post<{ Params: { checkoutId: string } }>(
    `${mount}/form/:checkoutId/cancel`,
    { schema: { hide: true } },
    async (request, reply) => {
      const checkout = ledger.checkout(request.params.checkoutId);
      if (!checkout) return html(reply, 404, page(`<p>${TEXTS.notFound}</p>`));
      if (checkout.status !== 'new') return html(reply, 409, page(`${summary(checkout)}${closedNotice(checkout)}`));
      ledger.cancel(checkout);
      return backToMerchant(reply, checkout, false);
    },
  );
}

/**
 * The payer's way back to redirect_uri, with the payment form's documented answer fields
 * (`checkoutId`, `code`, `description`). HiPay documents a POST there; the sandbox redirects
 * with GET (303), which is what a merchant's return page takes.
 */
function backToMerchant(reply: FastifyReply, checkout: SandboxCheckout, paid: boolean) {
  const target = new URL(checkout.redirectUri);
  target.searchParams.set('checkoutId', checkout.id);
  target.searchParams.set('code', paid ? '1' : '0');
  target.searchParams.set('description', paid ? 'SUCCESS' : 'UNSUCCESS');
  return reply.header('cache-control', 'no-store').redirect(target.toString(), 303);
}

/** Checkouts and their payments in insertion order, the oldest dropped past MAX_CHECKOUTS. */
function checkoutLedger(now: () => number, ttlMs: number) {
  const checkouts = new Map<string, SandboxCheckout>();
  const payments = new Map<string, SandboxPayment>();

  /** HiPay's ids look like `HPSM240601142154000007881`: a prefix, the time, a number */
  function newCheckoutId(): string {
    const stamp = new Date(now() + ULAANBAATAR_OFFSET_MS).toISOString().replace(/\D/g, '').slice(2, 14);
    let id: string;
    do id = `HPSM${stamp}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
    while (checkouts.has(id));
    return id;
  }

  /** the checkout as it stands now: an open one past its time has expired */
  function current(checkout: SandboxCheckout): SandboxCheckout {
    if (checkout.status === 'new' && now() >= checkout.expiresAt) {
      checkout.status = 'expired';
      checkout.statusDate = checkout.expiresAt;
    }
    return checkout;
  }

  function open(fields: Pick<SandboxCheckout, 'amount' | 'description' | 'redirectUri' | 'webhookUrl'>) {
    const at = now();
    const checkout: SandboxCheckout = {
      ...fields,
      id: newCheckoutId(),
      status: 'new',
      statusDate: at,
      expiresAt: at + ttlMs,
      paymentId: null,
    };
    checkouts.set(checkout.id, checkout);
    for (const oldest of checkouts.values()) {
      if (checkouts.size <= MAX_CHECKOUTS) break;
      checkouts.delete(oldest.id);
      if (oldest.paymentId) payments.delete(oldest.paymentId);
    }
    return checkout;
  }

  /** pays an open checkout in full; null when it is not open */
  function pay(checkout: SandboxCheckout): SandboxPayment | null {
    if (current(checkout).status !== 'new') return null;
    const payment: SandboxPayment = {
      id: randomUUID(),
      checkoutId: checkout.id,
      amount: checkout.amount,
      paidAt: now(),
      correctionId: null,
    };
    payments.set(payment.id, payment);
    checkout.status = 'paid';
    checkout.statusDate = payment.paidAt;
    checkout.paymentId = payment.id;
    return payment;
  }

  function cancel(checkout: SandboxCheckout): void {
    checkout.status = 'canceled';
    checkout.statusDate = now();
  }

  return {
    open,
    pay,
    cancel,
    checkout(id: string): SandboxCheckout | undefined {
      const checkout = checkouts.get(id);
      return checkout && current(checkout);
    },
    payment: (id: string) => payments.get(id),
  };
}

/**
 * Calls the merchant's webhook_url as HiPay does: GET, with `checkoutId` and `paymentId` added.
 * It is sent `repeats` times whatever the answer, the first before the payer is sent back, the
 * others in the background; a merchant must take the same notification more than once.
 */
function merchantWebhooks(fetchImpl: typeof fetch, repeats: number) {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  async function deliver(url: string): Promise<void> {
    try {
      const response = await fetchImpl(url, { method: 'GET', signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) });
      await response.text();
    } catch {
      // HiPay would send it again; so does the sandbox, whatever happened
    }
  }

  function later(url: string, left: number): void {
    if (left <= 0 || stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void deliver(url).then(() => later(url, left - 1));
    }, WEBHOOK_GAP_MS);
    timer.unref();
    timers.add(timer);
  }

  return {
    async notify(webhookUrl: string, checkoutId: string, paymentId: string): Promise<void> {
      const url = new URL(webhookUrl);
      url.searchParams.set('checkoutId', checkoutId);
      url.searchParams.set('paymentId', paymentId);
      await deliver(url.toString());
      later(url.toString(), repeats - 1);
    },
    stop(): void {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

function success(reply: FastifyReply, fields: Record<string, unknown>) {
  return reply.header('cache-control', 'no-store').send({ code: 1, description: 'SUCCESS', ...fields });
}

function hipayError(reply: FastifyReply, status: number, description: string, message: string) {
  return reply.status(status).header('cache-control', 'no-store').send({ code: 0, description, message });
}

function ulaanbaatarDay(at: number): string {
  return new Date(at + ULAANBAATAR_OFFSET_MS).toISOString().slice(0, 10);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `12900` as `12 900₮` (a fraction, which HiPay allows, keeps its decimals) */
function formatMnt(amount: number): string {
  const [whole = '0', fraction] = String(amount).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}${fraction ? `.${fraction}` : ''}₮`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function summary(checkout: SandboxCheckout): string {
  return `<p class="amount">${formatMnt(checkout.amount)}</p><p>${escapeHtml(checkout.description)}</p>`;
}

function closedNotice(checkout: SandboxCheckout): string {
  const text =
    checkout.status === 'paid' ? TEXTS.alreadyPaid : checkout.status === 'expired' ? TEXTS.expired : TEXTS.cancelled;
  return `<p>${text}</p>`;
}

function page(body: string): string {
  return `<!doctype html><html lang="mn"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${TEXTS.title}</title>
<style>body{font:16px system-ui,sans-serif;margin:0;background:#eef2f8;color:#1b1f24}main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px}.amount{font-size:2rem;font-weight:700;margin:.5rem 0}form{margin:.6rem 0}button{width:100%;padding:.8rem;font-size:1rem;border:0;border-radius:8px;background:#e4002b;color:#fff}button.secondary{background:#fff;color:#1b1f24;border:1px solid #d0d5dd}.note{color:#667085;font-size:.85rem}</style>
</head><body><main><h1>${TEXTS.title}</h1>${body}<p class="note">${TEXTS.sandboxNote}</p></main></body></html>`;
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}
