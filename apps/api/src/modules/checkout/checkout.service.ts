import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { mn } from '@nomsan/contracts/messages';
import type {
  BookPurchaseRequest,
  CreditPackPurchaseRequest,
  Holding,
  PurchaseRequest,
  PurchaseResult,
} from '@nomsan/contracts/money';
import type { SubscriptionPurchase } from '@nomsan/contracts/subscriptions';
import { RENTAL_CREDIT_PRICE } from '@nomsan/contracts/money';
import { ubDateTime } from '../../lib/ub-dates';
import { DAY_MS } from '../../lib/clock';
import { AppError, notFound } from '../../errors';
import type { Kernel } from '../../kernel/module';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import {
  invoiceView,
  paymentView,
  type BillingModuleService as BillingService,
  type InvoiceLineRow,
  type InvoiceRow,
  type NewInvoiceLine,
  type PaymentRow,
  type SettledInvoice,
} from '../billing/billing.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { CommerceService } from '../commerce/commerce.service';
import type { CreditsService } from '../credits/credits.service';
import {
  SCOPE_OF_FORMAT,
  type EntitlementsService,
  type GrantFormat,
  type GrantItemType,
  type GrantRow,
} from '../entitlements/entitlements.service';
import type { LibraryService } from '../library/library.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { IdentityService } from '../identity/identity.service';
import { codeBenefit, type CodeBenefit, type Reusable } from '../commerce/commerce.service';
import type { Limiter, BackoffPolicy, Reservation } from '../../lib/limiter';
import type { BenefitView, GiftRequest, PlanDiscount, Redeemed } from '@nomsan/contracts/codes';
import { checkoutRepository } from './checkout.repository';

export interface CheckoutDependencies {
  /** who a gift's recipient is, and the process's limiter (guessing codes is slowed down) */
  identity: { users: Pick<IdentityService, 'memberByContact'>; settings: { limiter: Limiter } };
  catalog: CatalogService;
  commerce: CommerceService;
  billing: BillingService;
  credits: CreditsService;
  entitlements: EntitlementsService;
  notifications: NotificationsService;
  library: Pick<LibraryService, 'startedBy' | 'wishlistedBy'>;
}

/** What a paid line gives: grants (a title in a format, and why) and credits. */
const fulfilmentSchema = z.object({
  grants: z
    .array(
      z.object({
        itemType: z.enum(['book', 'summary']),
        itemId: z.number().int(),
        format: z.enum(['audiobook', 'ebook', 'summary']),
        reason: z.enum(['purchase', 'bundle', 'credit_unlock', 'rental']),
        /** a rental's length: it ends this many days after the payment */
        days: z.number().int().positive().optional(),
      }),
    )
    .default([]),
  credits: z.number().int().min(0).default(0),
  bonusCredits: z.number().int().min(0).default(0),
  /** a gift card: the code made once paid, and sent to its recipient */
  gift: z
    .object({
      title: z.string(),
      benefit: codeBenefit,
      phone: z.string().optional(),
      email: z.string().optional(),
      message: z.string().nullable(),
    })
    .optional(),
});
type Fulfilment = z.input<typeof fulfilmentSchema>;
type Grant = Fulfilment['grants'] extends (infer G)[] | undefined ? G : never;

/** what a code gives, as the API says it */
function benefitView(benefit: CodeBenefit): BenefitView {
  if (benefit.type === 'title') {
    return { type: 'title', item_type: benefit.itemType, item_id: benefit.itemId, format: benefit.format };
  }
  return benefit;
}

/** the plans page of each scope (a plan discount code's link) */
const PLAN_PAGE_OF_SCOPE = {
  audio: '/subscription/audio',
  ebook: '/subscription/book',
  summary: '/subscription/summary',
  credit: '/subscription/credit',
} as const;

/** a gift of a plan gives 30 days a month of its period */
export const GIFT_DAYS_PER_MONTH = 30;

/** Five wrong codes are free; then 2 s, 4 s ... up to 15 minutes between tries. */
export const CODE_BACKOFF: BackoffPolicy = {
  windowMs: 60 * 60_000,
  free: 5,
  firstDelayMs: 2_000,
  maxDelayMs: 15 * 60_000,
};

/** members are told this long before a title they use leaves the catalogue */
export const LEAVING_WARNING_MS = 3 * DAY_MS;

/** members are told this long before a rental ends */
export const RENTAL_WARNING_MS = DAY_MS;
/**
 * The rentals' job tells of the rentals ending after its marks (`checkoutMark`), this many at a
 * time, at most this many pages a run (the next minute's run goes on from there). The first run
 * of all tells of those that ended in the day before it.
 */
const RENTAL_PAGE = 200;
const RENTAL_PAGES_PER_RUN = 25;
const RENTALS_ENDED_MARK = 'rentals.ended';
const RENTALS_ENDING_MARK = 'rentals.ending';

/** how long a request waits for an earlier one with its key that is still being made */
const IN_FLIGHT_WAIT_MS = 15_000;
const IN_FLIGHT_POLL_MS = 50;
/**
 * how long a request holds its key while it is being made: a process that died mid-way lets
 * it go then (longer than any request takes: the rails' timeouts are 15 s)
 */
export const KEY_LEASE_MS = 60_000;
/** keys are kept this long (Stripe's window), then pruned */
export const KEY_KEPT_MS = DAY_MS;
/** the same gift to the same recipient within this is a double tap, not a second gift */
export const GIFT_REPEAT_MS = 10 * 60_000;

/** What the member asked to buy, before it is priced. */
type Order =
  | {
      kind: 'subscription';
      rail: 'qpay' | 'golomt' | 'socialpay' | 'hipay' | 'unitel';
      planId: number;
      cardId?: string;
      offerId?: number;
      /** a promo code giving a discount on the first period */
      code?: string;
      /** the phone a carrier (Unitel) bills; `cardId` is then its consent's saved row */
      phone?: string;
    }
  | { kind: 'book'; id: number; request: BookPurchaseRequest }
  | { kind: 'rental'; id: number; request: BookPurchaseRequest }
  | { kind: 'gift'; request: GiftRequest }
  | { kind: 'summary'; id: number; request: PurchaseRequest }
  | { kind: 'bundle'; id: number; request: PurchaseRequest }
  | { kind: 'credit_pack'; request: CreditPackPurchaseRequest };

const hashOf = (order: Order) => createHash('sha256').update(JSON.stringify(order)).digest('base64url');

/**
 * Buying (issue: checkout and money): a book in a format, a summary, a bundle or a credit pack,
 * paid with tögrög on a rail or with credits. Each purchase is one invoice made by billing; a
 * credit unlock is paid, settled and granted in one transaction; a rail's payment is granted
 * when billing settles it (the listeners below run in that transaction). Requests are
 * idempotent by the member's Idempotency-Key.
 */
export function checkoutService(kernel: Kernel, deps: CheckoutDependencies) {
  const repository = boundRepository(checkoutRepository);
  const { billing, credits, entitlements } = deps;

  async function fulfil(ctx: Ctx, { invoice, lines }: SettledInvoice): Promise<void> {
    const source = `invoice:${invoice.publicId}`;
    for (const line of lines) {
      const given = fulfilmentSchema.parse(line.fulfilment);
      const paidAt = kernel.clock.now();
      await entitlements.grant(
        ctx,
        given.grants.map(({ days, ...grant }) => ({
          ...grant,
          userId: invoice.userId,
          source,
          startsAt: paidAt,
          endsAt: days === undefined ? null : new Date(paidAt.getTime() + days * DAY_MS),
        })),
      );
      const pack = { userId: invoice.userId, description: mn.money.ledger.packPurchase(line.title) };
      if (given.credits > 0) {
        await credits.add(ctx, {
          ...pack,
          credits: given.credits,
          kind: 'pack_purchase',
          entryKey: `${source}:${line.id}`,
        });
      }
      if (given.bonusCredits > 0) {
        await credits.add(ctx, {
          ...pack,
          description: mn.money.ledger.packBonus(line.title),
          credits: given.bonusCredits,
          kind: 'bonus',
          entryKey: `${source}:${line.id}:bonus`,
        });
      }
      if (given.gift) await sendGift(ctx, invoice.userId, `${source}:${line.id}`, given.gift);
    }
    await deps.notifications.notify(ctx, {
      userId: invoice.userId,
      kind: 'receipt',
      title: mn.notifications.receipt.title,
      body: mn.notifications.receipt.body(invoice.description),
      link: `/invoice/${invoice.publicId}`,
      channels: ['email'],
      dedupeKey: `receipt:${invoice.publicId}`,
    });
  }

  /** a refund takes back what the invoice gave, and gives back the credits it took */
  async function takeBack(ctx: Ctx, { invoice, lines }: SettledInvoice): Promise<void> {
    const source = `invoice:${invoice.publicId}`;
    await entitlements.revokeSource(ctx, source);
    const description = mn.money.ledger.refund(invoice.publicId);
    if (invoice.amountCredits > 0) {
      await credits.add(ctx, {
        userId: invoice.userId,
        credits: invoice.amountCredits,
        kind: 'refund',
        description,
        entryKey: `${source}:refund`,
      });
    }
    for (const line of lines) {
      const given = fulfilmentSchema.parse(line.fulfilment);
      const packCredits = given.credits + given.bonusCredits;
      // credits of a pack already spent cannot be taken back: the refund is refused (422)
      if (packCredits > 0) {
        await credits.spend(ctx, {
          userId: invoice.userId,
          credits: packCredits,
          kind: 'refund',
          description,
          entryKey: `${source}:${line.id}:refund`,
        });
      }
    }
  }

  /** a paid gift: its code, once, sent to the recipient (in the app too when they are a member) */
  async function sendGift(
    ctx: Ctx,
    senderUserId: number,
    source: string,
    gift: NonNullable<z.output<typeof fulfilmentSchema>['gift']>,
  ): Promise<void> {
    const recipient = gift.phone ?? gift.email!;
    const code = await deps.commerce.codes.createGift(ctx, {
      source,
      title: gift.title,
      benefit: gift.benefit,
      senderUserId,
      recipient,
      message: gift.message,
    });
    const link = `${kernel.publicBaseUrl}/coupon/${code.code}`;
    const member = await deps.identity.users.memberByContact(
      ctx,
      gift.phone ? { channel: 'sms', address: gift.phone } : { channel: 'email', address: gift.email! },
    );
    if (member !== null) {
      await deps.notifications.notify(ctx, {
        userId: member,
        kind: 'gift_received',
        title: mn.codes.notify.giftTitle,
        body: mn.codes.notify.gift(gift.title, code.code),
        link: `/coupon/${code.code}`,
        dedupeKey: `gift:${code.id}:received`,
      });
    }
    const text = mn.codes.notify.giftSms(gift.title, code.code, link);
    await deps.notifications.sendTo(ctx, {
      ...(gift.phone ? { phone: gift.phone } : { email: gift.email! }),
      subject: mn.codes.notify.giftMailSubject,
      text: gift.message ? `${text}\n\n${gift.message}` : text,
    });
  }

  /**
   * Why a paid line can no longer be given (checked before a rail is called and when the
   * payment lands, under the member's purchase lock): a title held for good since, a rental
   * running since. A gift or a credit pack can always be given.
   */
  async function undeliverable(ctx: Ctx, invoice: InvoiceRow, lines: InvoiceLineRow[]): Promise<string | null> {
    for (const line of lines) {
      const { grants } = fulfilmentSchema.parse(line.fulfilment);
      for (const itemType of ['book', 'summary'] as const) {
        const wanted = grants.filter((g) => g.itemType === itemType);
        if (wanted.length === 0) continue;
        const held = await entitlements.holdings(ctx, invoice.userId, itemType, [
          ...new Set(wanted.map((g) => g.itemId)),
        ]);
        for (const grant of wanted) {
          const holding = held.get(grant.itemId)?.get(grant.format);
          if (holding?.until === null && holding.reason !== 'subscription') return mn.money.alreadyOwned;
          if (grant.reason === 'rental' && holding?.reason === 'rental') return mn.money.alreadyRented;
        }
      }
    }
    return null;
  }

  /** a pack whose credits were spent cannot be refunded (its credits cannot be taken back) */
  async function unrefundable(ctx: Ctx, invoice: InvoiceRow, lines: InvoiceLineRow[]): Promise<string | null> {
    const packCredits = lines.reduce((sum, line) => {
      const given = fulfilmentSchema.parse(line.fulfilment);
      return sum + given.credits + given.bonusCredits;
    }, 0);
    if (packCredits > 0 && (await credits.balance(ctx, invoice.userId)) < packCredits)
      return mn.money.refunds.creditsSpent;
    return null;
  }

  billing.handleLines(['book', 'summary', 'bundle', 'credit_pack', 'rental', 'gift'], {
    undeliverable,
    paid: fulfil,
    refunded: takeBack,
    unrefundable,
  });

  /** the member already holds every grant for good: nothing left to buy (a rental or a subscription is no reason not to buy) */
  async function holdsAll(ctx: Ctx, userId: number, grants: Grant[]): Promise<boolean> {
    for (const itemType of ['book', 'summary'] as GrantItemType[]) {
      const wanted = grants.filter((g) => g.itemType === itemType);
      if (wanted.length === 0) continue;
      const held = await entitlements.holdings(ctx, userId, itemType, [...new Set(wanted.map((g) => g.itemId))]);
      if (!wanted.every((g) => held.get(g.itemId)?.get(g.format as GrantFormat)?.until === null)) return false;
    }
    return true;
  }

  /** the invoice line an order makes: priced from the current offer, 409 when already held */
  async function lineOf(
    ctx: Ctx,
    userId: number,
    order: Exclude<Order, { kind: 'subscription' }>,
  ): Promise<NewInvoiceLine> {
    const withCredits = order.request.method === 'credits';
    const priced = (offer: { price_mnt: number | null; credit_price: number | null } | null | undefined) => {
      if (withCredits) {
        if (!offer?.credit_price) throw new AppError('BUSINESS_RULE', mn.money.notForCredits);
        return { amountMnt: 0, amountCredits: offer.credit_price };
      }
      if (!offer?.price_mnt) throw new AppError('BUSINESS_RULE', mn.money.notForSale);
      return { amountMnt: offer.price_mnt, amountCredits: 0 };
    };
    const owned = async (grants: Grant[], message: string) => {
      if (await holdsAll(ctx, userId, grants)) throw new AppError('CONFLICT', message);
    };
    const reason = withCredits ? ('credit_unlock' as const) : ('purchase' as const);

    if (order.kind === 'gift') {
      const { gift, recipient_phone: phone, recipient_email: email, message } = order.request;
      let title: string;
      let amountMnt: number;
      let benefit: CodeBenefit;
      if (gift.kind === 'plan') {
        const plan = (await billing.subscriptions.plans(ctx)).find((p) => p.id === gift.plan_id);
        if (!plan) throw notFound(mn.subscriptions.planNotFound);
        title = plan.name;
        amountMnt = plan.priceMnt;
        benefit =
          plan.scope === 'credit'
            ? { type: 'credits', credits: plan.creditsPerPeriod }
            : { type: 'subscription_days', scope: plan.scope, days: GIFT_DAYS_PER_MONTH * plan.periodMonths };
      } else {
        const pack = (await deps.commerce.creditPacks(ctx)).find((p) => p.id === gift.pack_id);
        if (!pack) throw notFound();
        title = pack.name;
        amountMnt = pack.priceMnt;
        benefit = { type: 'credits', credits: pack.credits + pack.bonusCredits };
      }
      const fulfilment: Fulfilment = { gift: { title, benefit, phone, email, message: message || null } };
      return {
        itemType: 'gift',
        itemId: gift.kind === 'plan' ? gift.plan_id : gift.pack_id,
        format: gift.kind,
        title: mn.codes.giftLine(title),
        amountMnt,
        amountCredits: 0,
        fulfilment,
      };
    }
    if (order.kind === 'rental') {
      const book = await deps.catalog.book(ctx, { id: order.id });
      const format = order.request.format;
      const offer = book.offers.find((o) => o.format === format);
      if (!offer?.rental) throw new AppError('BUSINESS_RULE', mn.rentals.notRentable);
      const held = (await entitlements.holdings(ctx, userId, 'book', [book.id])).get(book.id)?.get(format);
      if (held?.until === null) throw new AppError('CONFLICT', mn.money.alreadyOwned);
      if (held?.reason === 'rental' && held.until) {
        throw new AppError('CONFLICT', mn.rentals.alreadyRented(ubDateTime(held.until)));
      }
      if (withCredits && !offer.credit_price) throw new AppError('BUSINESS_RULE', mn.rentals.notForCredits);
      const { days, price_mnt: rentalPrice } = offer.rental;
      const fulfilment: Fulfilment = {
        grants: [{ itemType: 'book', itemId: book.id, format, reason: 'rental', days }],
      };
      return {
        itemType: 'rental',
        itemId: book.id,
        format,
        title: mn.rentals.lineTitle(book.title, days),
        amountMnt: withCredits ? 0 : rentalPrice,
        amountCredits: withCredits ? RENTAL_CREDIT_PRICE : 0,
        fulfilment,
      };
    }
    if (order.kind === 'book') {
      const book = await deps.catalog.book(ctx, { id: order.id });
      const format = order.request.format;
      const offer = book.offers.find((o) => o.format === format);
      if (!offer) throw new AppError('BUSINESS_RULE', mn.money.formatUnavailable);
      const grants: Grant[] = [{ itemType: 'book', itemId: book.id, format, reason }];
      await owned(grants, mn.money.alreadyOwned);
      const fulfilment: Fulfilment = { grants };
      return { itemType: 'book', itemId: book.id, format, title: book.title, ...priced(offer), fulfilment };
    }
    if (order.kind === 'summary') {
      const summary = await deps.catalog.summary(ctx, { id: order.id });
      const offer = summary.offers.find((o) => o.format === 'summary');
      const grants: Grant[] = [{ itemType: 'summary', itemId: summary.id, format: 'summary', reason }];
      await owned(grants, mn.money.alreadyOwned);
      const fulfilment: Fulfilment = { grants };
      return {
        itemType: 'summary',
        itemId: summary.id,
        format: 'summary',
        title: summary.title,
        ...priced(offer),
        fulfilment,
      };
    }
    if (order.kind === 'bundle') {
      const bundle = await deps.catalog.bundle(ctx, { id: order.id });
      const grants: Grant[] = bundle.items.flatMap((item): Grant[] =>
        item.type === 'summary'
          ? [{ itemType: 'summary', itemId: item.id, format: 'summary', reason: 'bundle' }]
          : item.formats.map((format) => ({
              itemType: 'book' as const,
              itemId: item.id,
              format,
              reason: 'bundle' as const,
            })),
      );
      await owned(grants, mn.money.alreadyOwnedBundle);
      // a bundle is priced for all its titles: one already held would be billed twice
      const heldTitles: string[] = [];
      for (const itemType of ['book', 'summary'] as const) {
        const ids = [...new Set(grants.filter((g) => g.itemType === itemType).map((g) => g.itemId))];
        if (ids.length === 0) continue;
        const held = await entitlements.holdings(ctx, userId, itemType, ids);
        for (const item of bundle.items) {
          const formats = held.get(item.id);
          if (!formats || (item.type === 'summary') !== (itemType === 'summary')) continue;
          if ([...formats.values()].some((h) => h.until === null && h.reason !== 'subscription')) {
            heldTitles.push(item.title);
          }
        }
      }
      if (heldTitles.length > 0) throw new AppError('CONFLICT', mn.money.bundleHoldsSome(heldTitles.join(', ')));
      const fulfilment: Fulfilment = { grants };
      return {
        itemType: 'bundle',
        itemId: bundle.id,
        format: 'bundle',
        title: bundle.title,
        ...priced(bundle.offer),
        fulfilment,
      };
    }
    const pack = (await deps.commerce.creditPacks(ctx)).find((p) => p.id === order.request.pack_id);
    if (!pack) throw notFound();
    const fulfilment: Fulfilment = { credits: pack.credits, bonusCredits: pack.bonusCredits };
    return {
      itemType: 'credit_pack',
      itemId: pack.id,
      format: null,
      title: pack.name,
      amountMnt: pack.priceMnt,
      amountCredits: 0,
      fulfilment,
    };
  }

  /**
   * A purchase's answer: the invoice as it stands after its payment step (a plain read: the rail
   * was asked already, or is waiting for the payer).
   */
  async function resultOf(
    ctx: Ctx,
    userId: number,
    invoicePublicId: string,
    payment: PaymentRow,
  ): Promise<PurchaseResult> {
    const invoice = await billing.ownInvoice(ctx, userId, invoicePublicId);
    const { lines } = await billing.invoiceRecord(ctx, invoice.id);
    return { invoice: invoiceView(invoice, lines), payment: paymentView(payment, invoicePublicId) };
  }

  /**
   * A plan discount taken by a subscription that was never paid (its QR not scanned, its card
   * declined) may be taken again by the same member for another attempt.
   */
  const unpaidSubscription =
    (ctx: Ctx, userId: number): Reusable =>
    async (usedFor) => {
      if (!usedFor.startsWith('subscription:')) return false;
      try {
        const { row } = await billing.subscriptions.one(ctx, userId, usedFor.slice('subscription:'.length));
        return row.status === 'pending';
      } catch (error) {
        if (error instanceof AppError) return false;
        throw error;
      }
    };

  /** a promo code's discount for a plan: the code must give one, for the plan's scope */
  async function planDiscount(ctx: Ctx, userId: number, raw: string, planId: number) {
    const { benefit } = await deps.commerce.codes.check(ctx, raw, userId, unpaidSubscription(ctx, userId));
    if (benefit.type !== 'plan_discount') throw new AppError('BUSINESS_RULE', mn.codes.notForPlans);
    const plan = (await billing.subscriptions.plans(ctx)).find((row) => row.id === planId);
    if (plan && benefit.scope !== null && benefit.scope !== plan.scope) {
      throw new AppError('BUSINESS_RULE', mn.codes.otherPlans(mn.codePages.planScopes[benefit.scope]));
    }
    return benefit;
  }

  /**
   * opens a subscription with its first period's invoice and starts paying it: on Golomt with
   * the card kept for the renewals (or a saved one, in one tap); elsewhere a period at a time
   */
  async function subscribe(
    ctx: Ctx,
    userId: number,
    order: Extract<Order, { kind: 'subscription' }>,
    key: string,
  ): Promise<{ invoiceId: number; result: SubscriptionPurchase }> {
    if (!billing.rails().includes(order.rail)) throw new AppError('BUSINESS_RULE', mn.money.railUnavailable);
    const byCard = order.rail === 'golomt';
    // Unitel: charged to the phone bill on the subscriber's consent, kept for the renewals
    const byCarrier = order.rail === 'unitel';
    // the saved card (one tap) or the carrier's consent, looked up before anything is written:
    // the renewals charge it
    const card = order.cardId ? await billing.requireCard(ctx, userId, order.cardId, order.rail) : undefined;
    if (byCarrier && !card) throw notFound(mn.money.cardNotFound);
    const { subscription, invoice } = await transaction(ctx, async (tx) => {
      await billing.lockBuyer(tx, userId);
      // a plan discount code is taken in the transaction that opens the subscription: used up
      // only with it, and counted under the code's limit exactly
      const discount = order.code ? await planDiscount(tx, userId, order.code, order.planId) : undefined;
      const opened = await billing.subscriptions.open(tx, {
        userId,
        planId: order.planId,
        rail: order.rail,
        renewal: byCard ? 'card' : byCarrier ? 'carrier' : 'none',
        offerId: order.offerId,
        firstDiscountPercent: discount?.percent,
        cardId: card?.id,
        ...(byCarrier ? { phone: order.phone } : {}),
      });
      if (discount) {
        await deps.commerce.codes.claim(tx, order.code!, userId, {
          usedFor: `subscription:${opened.subscription.publicId}`,
          reusable: unpaidSubscription(tx, userId),
        });
      }
      return opened;
    });
    const payment = await billing.startPayment(ctx, {
      userId,
      invoice,
      rail: order.rail,
      idempotencyKey: key,
      saveCard: byCard && !order.cardId,
      cardPublicId: order.cardId,
    });
    const result = await resultOf(ctx, userId, invoice.publicId, payment);
    return { invoiceId: invoice.id, result: { ...result, subscription_id: subscription.publicId } };
  }

  /**
   * The member's bill of the same thing still to pay, answered again: a double tap, a retry or
   * a second tab gets the same invoice (the same QR or card page). A gift matches only one to
   * the same recipient, and one paid moments ago is a double tap too (409).
   */
  async function openBill(ctx: Ctx, userId: number, line: NewInvoiceLine): Promise<InvoiceRow | undefined> {
    const isGift = line.itemType === 'gift';
    const since = isGift ? new Date(kernel.clock.now().getTime() - GIFT_REPEAT_MS) : undefined;
    for (const { invoice, line: open } of await billing.openInvoicesOf(ctx, userId, line, since)) {
      if (isGift) {
        const [a, b] = [open.fulfilment, line.fulfilment].map((f) => fulfilmentSchema.parse(f).gift);
        if (a?.phone !== b?.phone || a?.email !== b?.email || (a?.message ?? null) !== (b?.message ?? null)) continue;
        if (invoice.status === 'paid') throw new AppError('CONFLICT', mn.money.giftJustSent);
      }
      return invoice;
    }
    return undefined;
  }

  /**
   * Makes the invoice and pays it with credits, or starts paying it on the chosen rail. What the
   * member holds and has pending is read and written under their purchase lock, so requests at
   * once (with different keys) bill once: the first makes the invoice, the others answer it.
   */
  async function place(
    ctx: Ctx,
    userId: number,
    order: Order,
    key: string,
  ): Promise<{ invoiceId: number; result: PurchaseResult }> {
    if (order.kind === 'subscription') return subscribe(ctx, userId, order, key);
    const request = order.request;
    if (request.method === 'mnt' && !billing.rails().includes(request.rail)) {
      throw new AppError('BUSINESS_RULE', mn.money.railUnavailable);
    }
    const cardPublicId = request.method === 'mnt' ? request.card_id : undefined;
    // a card that is not the member's is refused before anything is written
    if (request.method === 'mnt' && cardPublicId) await billing.requireCard(ctx, userId, cardPublicId, request.rail);
    const made = await transaction(ctx, async (tx) => {
      await billing.lockBuyer(tx, userId);
      const line = await lineOf(tx, userId, order);
      const open = await openBill(tx, userId, line);
      if (open) {
        if (request.method === 'mnt' && open.amountMnt === line.amountMnt && open.amountCredits === 0) {
          return { invoice: open };
        }
        // another way to pay (credits now) or another price: the unpaid bill is withdrawn, and a
        // payment landing on it later is refunded
        await billing.cancelInvoice(tx, open.id);
      }
      const invoice = await billing.createInvoice(tx, { userId, description: line.title, lines: [line] });
      if (request.method !== 'credits') return { invoice };
      const payment = await billing.payWithCredits(tx, invoice);
      return { invoice, result: await resultOf(tx, userId, invoice.publicId, payment) };
    });
    if (made.result) return { invoiceId: made.invoice.id, result: made.result };
    if (request.method !== 'mnt') throw new Error('a credits purchase is paid in its transaction');
    const payment = await billing.startPayment(ctx, {
      userId,
      invoice: made.invoice,
      rail: request.rail,
      idempotencyKey: key,
      saveCard: 'save_card' in request ? request.save_card : undefined,
      cardPublicId,
    });
    return { invoiceId: made.invoice.id, result: await resultOf(ctx, userId, made.invoice.publicId, payment) };
  }

  /**
   * Runs a purchase once per Idempotency-Key: the same key and request answers what the first
   * got (waiting while it is being made); the same key with another request is refused (422);
   * a refused request lets its key go.
   */
  async function once(ctx: Ctx, userId: number, key: string, order: Order): Promise<PurchaseResult> {
    const requestHash = hashOf(order);
    const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
    const lease = () => new Date(kernel.clock.now().getTime() + KEY_LEASE_MS);
    while (!(await repository(ctx).claim(userId, key, requestHash, lease(), kernel.clock.now()))) {
      const earlier = await repository(ctx).find(userId, key);
      if (!earlier) continue;
      if (earlier.requestHash !== requestHash) throw new AppError('BUSINESS_RULE', mn.money.idempotencyKeyReused);
      if (earlier.response) return earlier.response as PurchaseResult;
      if (Date.now() > deadline) throw new AppError('CONFLICT', mn.money.requestInProgress);
      await sleep(IN_FLIGHT_POLL_MS);
    }
    try {
      const { invoiceId, result } = await place(ctx, userId, order, key);
      await repository(ctx).complete(userId, key, invoiceId, result);
      return result;
    } catch (error) {
      await repository(ctx).release(userId, key);
      throw error;
    }
  }

  /** keys older than a day are forgotten (the hourly prune) */
  const pruneKeys = (ctx: Ctx) => repository(ctx).prune(new Date(kernel.clock.now().getTime() - KEY_KEPT_MS));

  /**
   * The rentals' minute (a schedule): members are told a day before a rental ends and once it
   * has ended (access itself ends with the grant, at its minute, whatever this job does). Each
   * job reads on from its mark, so a worker that was down or a clock moved ahead by weeks loses
   * no notice; each notice is keyed by the grant, so running again tells nobody twice.
   */
  async function rentalsDue(ctx: Ctx): Promise<{ warned: number; ended: number }> {
    const at = kernel.clock.now();
    const warned = await eachRental(
      ctx,
      RENTALS_ENDING_MARK,
      // a rental that ended already is told of as ended, not warned about
      { initial: at, notBefore: at },
      new Date(at.getTime() + RENTAL_WARNING_MS),
      (tx, grant, title) =>
        deps.notifications.notify(tx, {
          userId: grant.userId,
          kind: 'rental_ending',
          title: mn.rentals.notify.endingTitle,
          body: mn.rentals.notify.ending(title, ubDateTime(grant.endsAt!)),
          link: `/player/book/${grant.itemId}`,
          channels: ['sms'],
          dedupeKey: `rental:${grant.id}:ending`,
        }),
    );
    const ended = await eachRental(
      ctx,
      RENTALS_ENDED_MARK,
      { initial: new Date(at.getTime() - DAY_MS) },
      at,
      (tx, grant, title) =>
        deps.notifications.notify(tx, {
          userId: grant.userId,
          kind: 'rental_ended',
          title: mn.rentals.notify.endedTitle,
          body: mn.rentals.notify.ended(title),
          link: null,
          dedupeKey: `rental:${grant.id}:ended`,
        }),
    );
    return { warned, ended };
  }

  /**
   * Tells of each rental ending after the mark `name` and by `to`, a page at a time (each
   * notice in its own transaction, the page's titles read once), moving the mark on after each
   * page; `notBefore` skips what ended before it. Answers how many were told of.
   */
  async function eachRental(
    ctx: Ctx,
    name: string,
    from: { initial: Date; notBefore?: Date },
    to: Date,
    tell: (tx: Ctx, grant: GrantRow, title: string) => Promise<unknown>,
  ): Promise<number> {
    const marked = await repository(ctx).mark(name, from.initial);
    let after = { at: marked.at, id: marked.itemId };
    if (from.notBefore && after.at < from.notBefore) after = { at: from.notBefore, id: 0 };
    let told = 0;
    for (let page = 0; page < RENTAL_PAGES_PER_RUN; page++) {
      const grants = await deps.entitlements.rentalsEndingAfter(ctx, after, to, RENTAL_PAGE);
      if (grants.length === 0) break;
      const titles = new Map(
        (await deps.catalog.bookCardsByIds(ctx, [...new Set(grants.map((g) => g.itemId))])).map((card) => [
          card.id,
          card.title,
        ]),
      );
      for (const grant of grants) {
        await transaction(ctx, (tx) => tell(tx, grant, titles.get(grant.itemId) ?? ''));
        told++;
      }
      const last = grants.at(-1)!;
      after = { at: last.endsAt!, id: last.id };
      await repository(ctx).advanceMark(name, after.at, after.id);
      if (grants.length < RENTAL_PAGE) break;
    }
    return told;
  }

  /** gives what a redeemed code gives, in the redemption's transaction */
  async function giveBenefit(
    ctx: Ctx,
    userId: number,
    codeId: number,
    title: string,
    benefit: CodeBenefit,
    reason: 'promo' | 'gift',
  ) {
    const source = `code:${codeId}`;
    if (benefit.type === 'credits') {
      await credits.add(ctx, {
        userId,
        credits: benefit.credits,
        kind: 'bonus',
        description: mn.codes.ledgerCredits(title),
        entryKey: `${source}:${userId}`,
      });
      return '/settings/credit-transactions';
    }
    if (benefit.type === 'title') {
      await entitlements.grant(ctx, [
        { userId, itemType: benefit.itemType, itemId: benefit.itemId, format: benefit.format, reason, source },
      ]);
      if (benefit.format === 'ebook') return `/reader/book/${benefit.itemId}`;
      return benefit.itemType === 'summary' ? `/player/summary/${benefit.itemId}` : `/player/book/${benefit.itemId}`;
    }
    if (benefit.type === 'plan_discount') throw new Error('a plan discount is taken by a subscription, not given');
    // subscription days follow whatever already opens the scope
    const until = (await entitlements.passes(ctx, userId))[benefit.scope];
    const startsAt = until ?? kernel.clock.now();
    await entitlements.grantPass(ctx, {
      userId,
      scope: benefit.scope,
      source,
      startsAt,
      endsAt: new Date(startsAt.getTime() + benefit.days * DAY_MS),
    });
    return '/subscription';
  }

  /**
   * Titles leaving the catalogue within three days (their offer ends): a subscriber who has
   * started one loses it with the offer, and a member who wishlisted a book can no longer buy
   * it; each is told once (keyed by the title and the offer's end). Purchases and rentals are
   * grants and stay.
   */
  async function titlesLeaving(ctx: Ctx): Promise<number> {
    const at = kernel.clock.now();
    let told = 0;
    for (const offer of await deps.commerce.endingOffers(ctx, at, new Date(at.getTime() + LEAVING_WARNING_MS))) {
      if (offer.itemType === 'bundle' || offer.format === 'bundle') continue;
      const itemType = offer.itemType;
      const scope = SCOPE_OF_FORMAT[offer.format];
      const subscribers = offer.subscriptionScopes.includes(scope)
        ? (await deps.library.startedBy(ctx, itemType, offer.itemId)).filter(Boolean)
        : [];
      const covered = await entitlements.accessBySubscription(
        ctx,
        subscribers,
        { type: itemType, id: offer.itemId },
        offer.format,
      );
      const wishers = itemType === 'book' ? await deps.library.wishlistedBy(ctx, offer.itemId) : [];
      const members = [...new Set([...covered, ...wishers])];
      if (members.length === 0) continue;
      const [card] =
        itemType === 'book'
          ? await deps.catalog.bookCardsByIds(ctx, [offer.itemId])
          : [await deps.catalog.summary(ctx, { id: offer.itemId }).catch(() => null)];
      if (!card) continue;
      for (const userId of members) {
        await transaction(ctx, (tx) =>
          deps.notifications.notify(tx, {
            userId,
            kind: 'title_leaving',
            title: mn.rentals.leavingTitle,
            body: mn.rentals.leaving(card.title, ubDateTime(offer.endsAt!)),
            link: itemType === 'book' ? `/player/book/${offer.itemId}` : `/player/summary/${offer.itemId}`,
            dedupeKey: `leaving:${itemType}:${offer.itemId}:${offer.endsAt!.toISOString()}`,
          }),
        );
        told++;
      }
    }
    return told;
  }

  /**
   * Runs a look at a code: wrong codes are counted against the member and their address (five
   * free, then growing waits).
   */
  async function guessing<T>(userId: number, ip: string, look: () => Promise<T>): Promise<T> {
    // each try is taken before the code is looked up, checked and counted at once: guesses sent
    // together cannot all pass the check before the first wrong one is counted
    const taken: Reservation[] = [];
    for (const key of [`code:member:${userId}`, `code:ip:${ip}`]) {
      const tried = await deps.identity.settings.limiter.reserve(key, CODE_BACKOFF);
      if (!tried.allowed) {
        await Promise.all(taken.map((each) => each.release()));
        const error = new AppError('RATE_LIMITED', mn.codes.tooManyTries);
        error.retryAfterS = Math.ceil(tried.retryAfterMs / 1000);
        throw error;
      }
      taken.push(tried);
    }
    try {
      const found = await look();
      await Promise.all(taken.map((each) => each.release()));
      return found;
    } catch (error) {
      // only a code that does not exist is a wrong guess; anything else gives the try back
      if (!(error instanceof AppError && error.code === 'NOT_FOUND')) {
        await Promise.all(taken.map((each) => each.release()));
      }
      throw error;
    }
  }

  return {
    rentalsDue,
    titlesLeaving,
    pruneKeys,

    /**
     * Redeems a code for a member: wrong codes are counted against the member and their address
     * (five free, then growing waits); the claim and what it gives commit together.
     */
    async redeem(ctx: Ctx, userId: number, raw: string, ip: string): Promise<Redeemed> {
      return guessing(userId, ip, () =>
        transaction(ctx, async (tx) => {
          // a plan discount is checked here and taken by the subscription it opens (a link to the plans)
          const checked = await deps.commerce.codes.check(tx, raw, userId, unpaidSubscription(tx, userId));
          if (checked.benefit.type === 'plan_discount') {
            const { code, benefit } = checked;
            const page = benefit.scope === null ? '/subscription' : PLAN_PAGE_OF_SCOPE[benefit.scope];
            const link = `${page}?code=${encodeURIComponent(code.code)}`;
            return { kind: code.kind, title: code.title, benefit: benefitView(benefit), message: code.message, link };
          }
          if (checked.benefit.type === 'title') {
            // a title held for good already: the code is kept for another title, not used up
            await billing.lockBuyer(tx, userId);
            const { itemType, itemId, format } = checked.benefit;
            const held = (await entitlements.holdings(tx, userId, itemType, [itemId])).get(itemId)?.get(format);
            if (held?.until === null) throw new AppError('CONFLICT', mn.money.alreadyOwned);
          }
          const { code, benefit } = await deps.commerce.codes.claim(tx, raw, userId);
          const link = await giveBenefit(
            tx,
            userId,
            code.id,
            code.title,
            benefit,
            code.kind === 'gift' ? 'gift' : 'promo',
          );
          if (code.kind === 'gift' && code.senderUserId !== null && code.senderUserId !== userId) {
            await deps.notifications.notify(tx, {
              userId: code.senderUserId,
              kind: 'gift_redeemed',
              title: mn.codes.notify.giftRedeemedTitle,
              body: mn.codes.notify.giftRedeemed(code.title),
              link: '/my-library/cards',
              dedupeKey: `gift:${code.id}:redeemed`,
            });
          }
          return { kind: code.kind, title: code.title, benefit: benefitView(benefit), message: code.message, link };
        }),
      );
    },

    /** a plan discount code's terms, checked for the member without using it (guessing is slowed too) */
    async planDiscount(ctx: Ctx, userId: number, raw: string, ip: string): Promise<PlanDiscount> {
      return guessing(userId, ip, async () => {
        const { code, benefit } = await deps.commerce.codes.check(ctx, raw, userId, unpaidSubscription(ctx, userId));
        if (benefit.type !== 'plan_discount') throw new AppError('BUSINESS_RULE', mn.codes.notForPlans);
        return { code: code.code, title: code.title, percent: benefit.percent, scope: benefit.scope };
      });
    },

    /** the public campaigns, with their codes */
    async campaigns(ctx: Ctx) {
      return (await deps.commerce.codes.campaigns(ctx)).map((code) => ({
        code: code.code,
        title: code.title,
        description: code.description,
        benefit: benefitView(codeBenefit.parse(code.benefit)),
        ends_at: code.endsAt?.toISOString() ?? null,
        left: code.maxRedemptions === null ? null : code.maxRedemptions - code.redeemedCount,
      }));
    },

    /** the gift cards a member sent (with their codes) and received */
    async giftCards(ctx: Ctx, userId: number) {
      const [sent, received] = await Promise.all([
        deps.commerce.codes.sent(ctx, userId),
        deps.commerce.codes.received(ctx, userId),
      ]);
      return {
        sent: sent.map((code) => ({
          code: code.code,
          title: code.title,
          recipient: code.recipient,
          message: code.message,
          redeemed: code.redeemedCount > 0,
          created_at: code.createdAt.toISOString(),
          redeemed_at: null,
          ends_at: code.endsAt?.toISOString() ?? null,
        })),
        received: received.map(({ code, redeemedAt }) => ({
          code: code.code,
          title: code.title,
          recipient: code.recipient,
          message: code.message,
          redeemed: true,
          created_at: code.createdAt.toISOString(),
          redeemed_at: redeemedAt.toISOString(),
          ends_at: code.endsAt?.toISOString() ?? null,
        })),
      };
    },

    purchaseGift: (ctx: Ctx, userId: number, key: string, request: GiftRequest) =>
      once(ctx, userId, key, { kind: 'gift', request }),

    /** what the member holds of a title, or of each title of a bundle (404 for no such title) */
    async holdings(ctx: Ctx, userId: number, itemType: 'book' | 'summary' | 'bundle', itemId: number) {
      const titles: { type: GrantItemType; id: number }[] = [];
      if (itemType === 'bundle') {
        const bundle = await deps.catalog.bundle(ctx, { id: itemId });
        for (const item of bundle.items)
          titles.push({ type: item.type === 'summary' ? 'summary' : 'book', id: item.id });
      } else {
        const found =
          itemType === 'book'
            ? await deps.catalog.book(ctx, { id: itemId })
            : await deps.catalog.summary(ctx, { id: itemId });
        titles.push({ type: itemType, id: found.id });
      }
      const held: Holding[] = [];
      for (const type of ['book', 'summary'] as const) {
        const ids = titles.filter((title) => title.type === type).map((title) => title.id);
        if (ids.length === 0) continue;
        for (const [id, formats] of await entitlements.holdings(ctx, userId, type, ids)) {
          for (const [format, grant] of formats) {
            held.push({
              item_type: type,
              item_id: id,
              format,
              reason: grant.reason,
              until: grant.until?.toISOString() ?? null,
            });
          }
        }
      }
      return held;
    },

    purchaseBook: (ctx: Ctx, userId: number, key: string, id: number, request: BookPurchaseRequest) =>
      once(ctx, userId, key, { kind: 'book', id, request }),
    rentBook: (ctx: Ctx, userId: number, key: string, id: number, request: BookPurchaseRequest) =>
      once(ctx, userId, key, { kind: 'rental', id, request }),
    purchaseSummary: (ctx: Ctx, userId: number, key: string, id: number, request: PurchaseRequest) =>
      once(ctx, userId, key, { kind: 'summary', id, request }),
    purchaseBundle: (ctx: Ctx, userId: number, key: string, id: number, request: PurchaseRequest) =>
      once(ctx, userId, key, { kind: 'bundle', id, request }),
    purchaseCreditPack: (ctx: Ctx, userId: number, key: string, request: CreditPackPurchaseRequest) =>
      once(ctx, userId, key, { kind: 'credit_pack', request }),

    /** takes a subscription (idempotent by the key, like every purchase) */
    subscribe: (
      ctx: Ctx,
      userId: number,
      key: string,
      order: Omit<Extract<Order, { kind: 'subscription' }>, 'kind'>,
    ): Promise<SubscriptionPurchase> =>
      once(ctx, userId, key, { kind: 'subscription', ...order }) as Promise<SubscriptionPurchase>,
  };
}

export type CheckoutService = ReturnType<typeof checkoutService>;
