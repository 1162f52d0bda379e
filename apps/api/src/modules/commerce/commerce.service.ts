import type { Availability, Image, Offer } from '@nomsan/contracts/catalog';
import type { DeskOffer } from '@nomsan/contracts/catalog-desk';
import { mn } from '@nomsan/contracts/messages';
import { z } from 'zod';
import { AppError, notFound, parseInput } from '../../errors';
import { noteTags, tag } from '../../lib/cache-tags';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Kernel } from '../../kernel/module';
import { boundRepositoryWith, type Ctx } from '../../kernel/unit-of-work';
import { groupBy } from '../../lib/group-by';
import { coverImage } from '../../lib/media-urls';
import { codesService } from './codes.service';

export { codeBenefit, type CodeBenefit, type Reusable } from './codes.service';
export { saveAuditedOffer } from './desk-offer';
import {
  commerceRepository,
  type BundleRow,
  type CommerceDb,
  type CreditPackRow,
  type OfferRow,
  type OfferTerms,
} from './commerce.repository';

export type { CreditPackRow, OfferTerms };

export interface BundleSummary {
  id: number;
  slug: string;
  kind: BundleRow['kind'];
  title: string;
  description: string;
  cover: Image;
  itemIds: number[];
  /** what its items cost bought one by one now: the cheapest price of each */
  itemsValueMnt: number;
  /** its offer, whose "before" price is `itemsValueMnt` (the one every page shows) */
  offer: Offer | null;
}

export function toOffer(row: OfferTerms): Offer {
  const discount =
    row.priceMnt !== null && row.originalPriceMnt !== null && row.originalPriceMnt > row.priceMnt
      ? Math.round((1 - row.priceMnt / row.originalPriceMnt) * 100)
      : null;
  return {
    format: row.format,
    price_mnt: row.priceMnt,
    original_price_mnt: discount === null ? null : row.originalPriceMnt,
    discount_percentage: discount,
    credit_price: row.creditPrice,
    rental:
      row.rentalPriceMnt !== null && row.rentalDays !== null
        ? { price_mnt: row.rentalPriceMnt, days: row.rentalDays }
        : null,
    subscription_scopes: row.subscriptionScopes.filter((scope): scope is Offer['subscription_scopes'][number] =>
      ['audio', 'ebook', 'summary', 'credit'].includes(scope),
    ),
  };
}

/** The cheapest terms over an item's offers, for cards in lists. */
export function toAvailability(offers: Offer[]): Availability {
  const cheapest = offers
    .filter((o) => o.price_mnt !== null)
    .sort((a, b) => (a.price_mnt ?? 0) - (b.price_mnt ?? 0))[0];
  const credits = offers.flatMap((o) => (o.credit_price === null ? [] : [o.credit_price]));
  return {
    price_mnt: cheapest?.price_mnt ?? null,
    original_price_mnt: cheapest?.original_price_mnt ?? null,
    credit_price: credits.length > 0 ? Math.min(...credits) : null,
    rentable: offers.some((o) => o.rental !== null),
    subscription_scopes: [...new Set(offers.flatMap((o) => o.subscription_scopes))].sort(),
  };
}

/** the cached answers an item's offer is part of, by its type */
const itemTags = { book: tag.book, summary: tag.summary, bundle: tag.bundle } as const;

/** a price in whole tögrög: positive, and below anything the store would ever ask */
const priceMnt = z.number().int().positive().max(100_000_000);

/** an offer row as the back office's form shows it (a book's format, a summary's or a bundle's one offer) */
function deskOfferOf(row: OfferRow): DeskOffer {
  return {
    format: row.format,
    price_mnt: row.priceMnt,
    original_price_mnt: row.originalPriceMnt,
    credit_price: row.creditPrice,
    rental_days: row.rentalDays,
    rental_price_mnt: row.rentalPriceMnt,
    subscription_scopes: row.subscriptionScopes as DeskOffer['subscription_scopes'],
    ends_at: row.endsAt?.toISOString() ?? null,
  };
}

/** What is for sale and on which terms; the catalogue asks it for the ways to get an item. */
export function commerceService(context: Kernel) {
  // requests outside a transaction share the pool's repository, which coalesces its hot reads
  const repository = boundRepositoryWith(
    { db: context.root.db, repository: commerceRepository(context.root.db, true) },
    (db: CommerceDb) => commerceRepository(db),
  );

  const cachedPacks = context.caches.cached({ ttlMs: 60_000, tags: () => [tag.offers] }, () =>
    repository(context.root).creditPacks(),
  );

  /**
   * Bundles with their items and offer. A bundle's "before" price is computed here only: what its
   * items cost one by one now (the cheapest current price of each), never a stored figure that
   * drifts from the items' prices; the offer's original price and discount follow from it.
   */
  async function summarise(ctx: Ctx, rows: BundleRow[]): Promise<BundleSummary[]> {
    const ids = rows.map((row) => row.id);
    const [items, offers] = await Promise.all([
      repository(ctx).bundleItemIds(ids),
      repository(ctx).offers('bundle', ids),
    ]);
    const itemsByBundle = groupBy(items, (item) => item.bundleId);
    const kindOf = new Map(rows.map((row) => [row.id, row.kind]));
    const kinds = [...new Set(rows.map((row) => row.kind))];
    const itemOffers = await Promise.all(
      kinds.map((kind) =>
        repository(ctx).offers(kind, [
          ...new Set(items.filter((item) => kindOf.get(item.bundleId) === kind).map((item) => item.itemId)),
        ]),
      ),
    );
    const cheapest = new Map<string, number>();
    kinds.forEach((kind, i) => {
      for (const offer of itemOffers[i]!) {
        if (offer.priceMnt === null) continue;
        const key = `${kind}:${offer.itemId}`;
        cheapest.set(key, Math.min(cheapest.get(key) ?? Infinity, offer.priceMnt));
      }
    });
    const offerByBundle = new Map(offers.map((offer) => [offer.itemId, offer]));
    return rows.map((row) => {
      const itemIds = (itemsByBundle.get(row.id) ?? []).map((item) => item.itemId);
      const itemsValueMnt = itemIds.reduce((sum, itemId) => sum + (cheapest.get(`${row.kind}:${itemId}`) ?? 0), 0);
      const offer = offerByBundle.get(row.id);
      return {
        id: row.id,
        slug: row.slug,
        kind: row.kind,
        title: row.title,
        description: row.description,
        cover: coverImage(context.mediaBaseUrl, row.coverKey, row.coverColor, 'square'),
        itemIds,
        itemsValueMnt,
        offer: offer ? toOffer({ ...offer, originalPriceMnt: itemsValueMnt }) : null,
      };
    });
  }

  return {
    /** current offers of many items, grouped by item id */
    async offersFor(ctx: Ctx, itemType: OfferRow['itemType'], itemIds: number[]): Promise<Map<number, Offer[]>> {
      const rows = await repository(ctx).offers(itemType, itemIds);
      const grouped = new Map<number, Offer[]>();
      for (const row of rows) grouped.set(row.itemId, [...(grouped.get(row.itemId) ?? []), toOffer(row)]);
      return grouped;
    },

    async bundle(ctx: Ctx, key: { id: number } | { slug: string }): Promise<BundleSummary | null> {
      const row = await repository(ctx).bundleByIdOrSlug(key);
      if (!row) return null;
      // the page is dropped by a change at the bundles desk (its items' and offer's tags come with them)
      noteTags([tag.bundle(row.id)]);
      return (await summarise(ctx, [row]))[0] ?? null;
    },

    async bundlesContaining(ctx: Ctx, kind: BundleRow['kind'], itemId: number): Promise<BundleSummary[]> {
      return summarise(ctx, await repository(ctx).bundlesContaining(kind, itemId));
    },

    /**
     * Sets the price of an item's current offer in one format, in the caller's unit of work;
     * once committed, every process shows the new price on its next request.
     */
    async setPrice(
      ctx: Ctx,
      item: { itemType: OfferRow['itemType']; itemId: number; format: OfferRow['format'] },
      price: number,
    ): Promise<void> {
      const changed = await repository(ctx).setPrice(item, parseInput(priceMnt, price));
      if (!changed) throw notFound();
      const itemTag =
        item.itemType === 'book'
          ? tag.book(item.itemId)
          : item.itemType === 'summary'
            ? tag.summary(item.itemId)
            : null;
      context.invalidate(ctx, [tag.offers, ...(itemTag ? [itemTag] : [])]);
    },

    /** the offers on sale of a book (per format), a summary or a bundle (its one, format `summary` or `bundle`) */
    async deskOffers(ctx: Ctx, itemId: number, itemType: OfferRow['itemType'] = 'book'): Promise<DeskOffer[]> {
      const rows = await repository(ctx).activeOffersOf(itemType, itemId);
      return rows.map(deskOfferOf);
    },

    /**
     * A book format's terms, or a summary's or a bundle's (format `summary`, `bundle`), in the caller's unit of work:
     * the one offer on sale is changed (a bill made earlier keeps the amount it was made for),
     * or one is made; `null` stops selling it (what members bought stays theirs). Every process
     * shows it on its next request.
     */
    async saveOffer(ctx: Ctx, itemId: number, format: DeskOffer['format'], terms: Omit<DeskOffer, 'format'> | null) {
      const itemType = format === 'summary' || format === 'bundle' ? format : ('book' as const);
      const item = { itemType, itemId, format };
      const current = await repository(ctx).activeOffer(item);
      // the terms before, from the row just read (no second read of the title's offers)
      const before = current ? deskOfferOf(current) : null;
      if (terms === null) {
        if (!current) throw new AppError('NOT_FOUND', mn.catalogDesk.offerNotFound);
        await repository(ctx).updateOffer(current.id, { active: false });
      } else {
        const set = {
          priceMnt: terms.price_mnt,
          originalPriceMnt: terms.original_price_mnt,
          creditPrice: terms.credit_price,
          rentalDays: terms.rental_days,
          rentalPriceMnt: terms.rental_price_mnt,
          subscriptionScopes: terms.subscription_scopes,
          endsAt: terms.ends_at ? new Date(terms.ends_at) : null,
        };
        if (current) await repository(ctx).updateOffer(current.id, set);
        else {
          try {
            await repository(ctx).insertOffer({ ...item, ...set });
          } catch (error) {
            // another editor made the format's offer at the same moment: theirs stands
            if (isUniqueViolation(error)) throw new AppError('CONFLICT');
            throw error;
          }
        }
      }
      context.invalidate(ctx, [tag.offers, itemTags[itemType](itemId)]);
      return before;
    },

    /** many books' offers being sold, by book id (the catalogue import's dry run) */
    async deskOffersOfMany(ctx: Ctx, bookIds: number[]): Promise<Map<number, DeskOffer[]>> {
      const grouped = new Map<number, DeskOffer[]>();
      if (bookIds.length === 0) return grouped;
      for (const row of await repository(ctx).activeOffersOfMany('book', bookIds, ctx.inTransaction)) {
        grouped.set(row.itemId, [...(grouped.get(row.itemId) ?? []), deskOfferOf(row)]);
      }
      return grouped;
    },

    /**
     * `saveOffer` for many books in the caller's transaction (the catalogue import): the offers
     * on sale are read and locked in one statement, new ones written in batches; answers each
     * change's terms before, in order.
     */
    async saveOffers(
      ctx: Ctx,
      changes: { bookId: number; format: DeskOffer['format']; terms: Omit<DeskOffer, 'format'> | null }[],
    ): Promise<(DeskOffer | null)[]> {
      if (changes.length === 0) return [];
      const rows = await repository(ctx).activeOffersOfMany('book', [...new Set(changes.map((c) => c.bookId))], true);
      const current = new Map(rows.map((row) => [`${row.itemId}:${row.format}`, row]));
      const inserts: Parameters<ReturnType<typeof repository>['insertOffers']>[0] = [];
      const befores: (DeskOffer | null)[] = [];
      for (const { bookId, format, terms } of changes) {
        const row = current.get(`${bookId}:${format}`);
        befores.push(row ? deskOfferOf(row) : null);
        if (terms === null) {
          if (row) await repository(ctx).updateOffer(row.id, { active: false });
          continue;
        }
        const set = {
          priceMnt: terms.price_mnt,
          originalPriceMnt: terms.original_price_mnt,
          creditPrice: terms.credit_price,
          rentalDays: terms.rental_days,
          rentalPriceMnt: terms.rental_price_mnt,
          subscriptionScopes: terms.subscription_scopes,
          endsAt: terms.ends_at ? new Date(terms.ends_at) : null,
        };
        if (row) await repository(ctx).updateOffer(row.id, set);
        else inserts.push({ itemType: 'book', itemId: bookId, format, ...set });
      }
      try {
        await repository(ctx).insertOffers(inserts);
      } catch (error) {
        // another editor made a format's offer at the same moment: theirs stands
        if (isUniqueViolation(error)) throw new AppError('CONFLICT');
        throw error;
      }
      context.invalidate(ctx, [tag.offers, ...changes.map((c) => tag.book(c.bookId))]);
      return befores;
    },

    /** the credit packs on sale (kept a minute: the same for everyone) */
    creditPacks: (ctx: Ctx): Promise<CreditPackRow[]> =>
      ctx.inTransaction ? repository(ctx).creditPacks() : cachedPacks(),

    /** promo codes and gift cards */
    codes: codesService(context),

    /** the ids of the books credits unlock now, a page at a time */
    creditUnlockable: (ctx: Ctx, page: number, perPage: number) => repository(ctx).creditUnlockable(page, perPage),

    /** offers of titles leaving the catalogue after `from` and by `to` */
    endingOffers: (ctx: Ctx, from: Date, to: Date) => repository(ctx).endingOffers(from, to),

    /** the ids of the books that can be rented now, in a format or any, a page at a time */
    rentable: (ctx: Ctx, format: 'audiobook' | 'ebook' | null, page: number, perPage: number) =>
      repository(ctx).rentable(format, page, perPage),
  };
}
export type CommerceService = ReturnType<typeof commerceService>;
