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
import { AppError, notFound } from '../../errors';
import type { Kernel } from '../../kernel/module';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import {
  invoiceView,
  paymentView,
  type BillingModuleService as BillingService,
  type NewInvoiceLine,
  type PaymentRow,
  type SettledInvoice,
} from '../billing/billing.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { CommerceService } from '../commerce/commerce.service';
import type { CreditsService } from '../credits/credits.service';
import type { EntitlementsService, GrantFormat, GrantItemType } from '../entitlements/entitlements.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { checkoutRepository } from './checkout.repository';

export interface CheckoutDependencies {
  catalog: CatalogService;
  commerce: CommerceService;
  billing: BillingService;
  credits: CreditsService;
  entitlements: EntitlementsService;
  notifications: NotificationsService;
}

/** What a paid line gives: grants (a title in a format, and why) and credits. */
const fulfilmentSchema = z.object({
  grants: z
    .array(
      z.object({
        itemType: z.enum(['book', 'summary']),
        itemId: z.number().int(),
        format: z.enum(['audiobook', 'ebook', 'summary']),
        reason: z.enum(['purchase', 'bundle', 'credit_unlock']),
      }),
    )
    .default([]),
  credits: z.number().int().min(0).default(0),
  bonusCredits: z.number().int().min(0).default(0),
});
type Fulfilment = z.input<typeof fulfilmentSchema>;
type Grant = Fulfilment['grants'] extends (infer G)[] | undefined ? G : never;

/** how long a request waits for an earlier one with its key that is still being made */
const IN_FLIGHT_WAIT_MS = 15_000;
const IN_FLIGHT_POLL_MS = 50;

/** What the member asked to buy, before it is priced. */
type Order =
  | {
      kind: 'subscription';
      rail: 'qpay' | 'golomt' | 'socialpay' | 'hipay';
      planId: number;
      cardId?: string;
      offerId?: number;
    }
  | { kind: 'book'; id: number; request: BookPurchaseRequest }
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
      await entitlements.grant(
        ctx,
        given.grants.map((grant) => ({ ...grant, userId: invoice.userId, source })),
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

  billing.onInvoicePaid(fulfil);
  billing.onInvoiceRefunded(takeBack);

  /** the member already holds every grant: nothing left to buy */
  async function holdsAll(ctx: Ctx, userId: number, grants: Grant[]): Promise<boolean> {
    for (const itemType of ['book', 'summary'] as GrantItemType[]) {
      const wanted = grants.filter((g) => g.itemType === itemType);
      if (wanted.length === 0) continue;
      const held = await entitlements.holdings(ctx, userId, itemType, [...new Set(wanted.map((g) => g.itemId))]);
      if (!wanted.every((g) => held.get(g.itemId)?.has(g.format as GrantFormat))) return false;
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
    const { subscription, invoice } = await billing.subscriptions.open(ctx, {
      userId,
      planId: order.planId,
      rail: order.rail,
      renewal: byCard ? 'card' : 'none',
      offerId: order.offerId,
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

  /** makes the invoice and pays it with credits, or starts paying it on the chosen rail */
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
    const line = await lineOf(ctx, userId, order);
    const newInvoice = { userId, description: line.title, lines: [line] };
    if (request.method === 'credits') {
      return transaction(ctx, async (tx) => {
        const invoice = await billing.createInvoice(tx, newInvoice);
        const payment = await billing.payWithCredits(tx, invoice);
        return { invoiceId: invoice.id, result: await resultOf(tx, userId, invoice.publicId, payment) };
      });
    }
    const invoice = await billing.createInvoice(ctx, newInvoice);
    const payment = await billing.startPayment(ctx, {
      userId,
      invoice,
      rail: request.rail,
      idempotencyKey: key,
      saveCard: request.save_card,
      cardPublicId: request.card_id,
    });
    return { invoiceId: invoice.id, result: await resultOf(ctx, userId, invoice.publicId, payment) };
  }

  /**
   * Runs a purchase once per Idempotency-Key: the same key and request answers what the first
   * got (waiting while it is being made); the same key with another request is refused (422);
   * a refused request lets its key go.
   */
  async function once(ctx: Ctx, userId: number, key: string, order: Order): Promise<PurchaseResult> {
    const requestHash = hashOf(order);
    const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
    while (!(await repository(ctx).claim(userId, key, requestHash))) {
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

  return {
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
