import type { ModuleDb } from '@nomsan/db/client';
import type * as schema from '@nomsan/db/schema/commerce';
import { and, asc, eq, gt, inArray, lte, or, sql, type SQL } from '@nomsan/db/orm';
import { commerceBundle, commerceBundleItem, commerceCreditPack, commerceOffer } from '@nomsan/db/schema/commerce';
import type { OfferTerms } from '@nomsan/db/schema/published/commerce';
import { coalesced } from '../../lib/coalesced';
import { groupBy } from '../../lib/group-by';

/** The database as this module sees it: its own tables only. */
export type CommerceDb = ModuleDb<typeof schema>;

export type OfferRow = typeof commerceOffer.$inferSelect;
export type BundleRow = typeof commerceBundle.$inferSelect;
export type CreditPackRow = typeof commerceCreditPack.$inferSelect;
/** what an offer says to a buyer: the terms, without its bookkeeping */
export type { OfferTerms };

/**
 * offers on sale now. `active` is written as the bare column, not compared with a bound `true`:
 * a parameter there would keep the prepared statements' generic plans off the partial index
 * (`where active`), and PostgreSQL would plan every execution anew (or scan the table).
 */
const current = and(
  sql`${commerceOffer.active}`,
  or(sql`${commerceOffer.startsAt} is null`, sql`${commerceOffer.startsAt} <= now()`),
  or(sql`${commerceOffer.endsAt} is null`, sql`${commerceOffer.endsAt} > now()`),
) as SQL;

/**
 * Commerce queries: offers and bundles. Only this file touches the commerce tables. The
 * repository that serves every request outside a transaction is made with `pooled`: the
 * bundles of the titles that concurrent requests (book pages) ask for are read in one
 * statement (lib/coalesced.ts, ADR 020).
 */
export function commerceRepository(db: CommerceDb, pooled = false) {
  const bundlesOfItems = (kind: BundleRow['kind'], itemIds: number[]) =>
    db
      .select({ itemId: commerceBundleItem.itemId, bundle: commerceBundle })
      .from(commerceBundleItem)
      .innerJoin(commerceBundle, eq(commerceBundle.id, commerceBundleItem.bundleId))
      .where(
        and(
          inArray(commerceBundleItem.itemId, itemIds),
          eq(commerceBundle.kind, kind),
          eq(commerceBundle.active, true),
        ),
      )
      .orderBy(asc(commerceBundle.id));
  const containingOn = (kind: BundleRow['kind']) =>
    coalesced(async (itemIds: number[]) => groupBy(await bundlesOfItems(kind, itemIds), (row) => row.itemId));
  const containing = pooled ? { book: containingOn('book'), summary: containingOn('summary') } : null;

  // every card and book page asks for offers: prepared once (see the catalogue's repository)
  const offersOf = db
    .select()
    .from(commerceOffer)
    .where(
      and(
        eq(commerceOffer.itemType, sql.placeholder('type')),
        sql`${commerceOffer.itemId} = any(${sql.placeholder('ids')}::int[])`,
        current,
      ),
    )
    .orderBy(asc(commerceOffer.format))
    .prepare('commerce_offers_of');

  /** the distinct ids of the books whose current offers match, newest first, a page at a time */
  async function bookIdsPage(where: SQL, page: number, perPage: number): Promise<{ ids: number[]; total: number }> {
    const [rows, [count]] = await Promise.all([
      db
        .selectDistinct({ itemId: commerceOffer.itemId })
        .from(commerceOffer)
        .where(where)
        .orderBy(sql`${commerceOffer.itemId} desc`)
        .limit(perPage)
        .offset((page - 1) * perPage),
      db
        .select({ n: sql<number>`count(distinct ${commerceOffer.itemId})::int` })
        .from(commerceOffer)
        .where(where),
    ]);
    return { ids: rows.map((row) => row.itemId), total: Number(count?.n ?? 0) };
  }

  return {
    async offers(itemType: OfferRow['itemType'], itemIds: number[]) {
      if (itemIds.length === 0) return [];
      return offersOf.execute({ type: itemType, ids: itemIds });
    },

    async bundleByIdOrSlug(key: { id: number } | { slug: string }) {
      const rows = await db
        .select()
        .from(commerceBundle)
        .where(
          and(
            eq(commerceBundle.active, true),
            'id' in key ? eq(commerceBundle.id, key.id) : eq(commerceBundle.slug, key.slug),
          ),
        );
      return rows[0] ?? null;
    },

    async bundleItemIds(bundleIds: number[]) {
      if (bundleIds.length === 0) return [];
      return db
        .select({ bundleId: commerceBundleItem.bundleId, itemId: commerceBundleItem.itemId })
        .from(commerceBundleItem)
        .where(inArray(commerceBundleItem.bundleId, bundleIds))
        .orderBy(asc(commerceBundleItem.bundleId), asc(commerceBundleItem.position));
    },

    /** the active bundles containing an item, by bundle id */
    async bundlesContaining(kind: BundleRow['kind'], itemId: number) {
      const rows = containing ? await containing[kind](itemId) : await bundlesOfItems(kind, [itemId]);
      return (rows ?? []).map((row) => row.bundle);
    },

    /** sets the price of an item's current offer in one format; null when it has none */
    async setPrice(
      item: { itemType: OfferRow['itemType']; itemId: number; format: OfferRow['format'] },
      priceMnt: number,
    ) {
      const [row] = await db
        .update(commerceOffer)
        .set({ priceMnt })
        .where(
          and(
            eq(commerceOffer.itemType, item.itemType),
            eq(commerceOffer.itemId, item.itemId),
            eq(commerceOffer.format, item.format),
            current,
          ),
        )
        .returning({ id: commerceOffer.id });
      return row ?? null;
    },

    /** the offer of an item's format being sold (now or from a later time), for the back office */
    async activeOffer(item: { itemType: OfferRow['itemType']; itemId: number; format: OfferRow['format'] }) {
      const [row] = await db
        .select()
        .from(commerceOffer)
        .where(
          and(
            eq(commerceOffer.itemType, item.itemType),
            eq(commerceOffer.itemId, item.itemId),
            eq(commerceOffer.format, item.format),
            sql`${commerceOffer.active}`,
          ),
        )
        .for('update');
      return row;
    },

    /** the offers of an item being sold (now or later), by format */
    activeOffersOf: (itemType: OfferRow['itemType'], itemId: number) =>
      db
        .select()
        .from(commerceOffer)
        .where(
          and(eq(commerceOffer.itemType, itemType), eq(commerceOffer.itemId, itemId), sql`${commerceOffer.active}`),
        )
        .orderBy(asc(commerceOffer.format)),

    /** the offers of many items being sold (now or later), locked for a change in the caller's transaction */
    activeOffersOfMany: (itemType: OfferRow['itemType'], itemIds: number[], lock: boolean) => {
      const query = db
        .select()
        .from(commerceOffer)
        .where(
          and(
            eq(commerceOffer.itemType, itemType),
            sql`${commerceOffer.itemId} = any(${sql.param(itemIds)}::int[])`,
            sql`${commerceOffer.active}`,
          ),
        )
        .orderBy(asc(commerceOffer.itemId), asc(commerceOffer.format));
      return lock ? query.for('update') : query;
    },

    async insertOffers(rows: (typeof commerceOffer.$inferInsert)[]) {
      for (let at = 0; at < rows.length; at += 500) await db.insert(commerceOffer).values(rows.slice(at, at + 500));
    },

    async insertOffer(row: typeof commerceOffer.$inferInsert) {
      await db.insert(commerceOffer).values(row);
    },

    async updateOffer(id: number, set: Partial<typeof commerceOffer.$inferInsert>) {
      await db.update(commerceOffer).set(set).where(eq(commerceOffer.id, id));
    },

    /** the credit packs on sale, in their order */
    creditPacks(): Promise<CreditPackRow[]> {
      return db
        .select()
        .from(commerceCreditPack)
        .where(eq(commerceCreditPack.active, true))
        .orderBy(asc(commerceCreditPack.position), asc(commerceCreditPack.id));
    },

    /** the books that credits unlock now, newest offer first, a page at a time */
    creditUnlockable(page: number, perPage: number): Promise<{ ids: number[]; total: number }> {
      return bookIdsPage(
        and(eq(commerceOffer.itemType, 'book'), sql`${commerceOffer.creditPrice} is not null`, current) as SQL,
        page,
        perPage,
      );
    },

    /** the offers of titles that stop being sold after `from` and by `to` */
    endingOffers(from: Date, to: Date): Promise<OfferRow[]> {
      return db
        .select()
        .from(commerceOffer)
        .where(
          and(
            sql`${commerceOffer.active}`,
            inArray(commerceOffer.itemType, ['book', 'summary']),
            gt(commerceOffer.endsAt, from),
            lte(commerceOffer.endsAt, to),
          ),
        )
        .limit(500);
    },

    /** the ids of the books that can be rented now (in a format, or any), a page at a time */
    rentable(format: 'audiobook' | 'ebook' | null, page: number, perPage: number) {
      const where = and(
        eq(commerceOffer.itemType, 'book'),
        sql`${commerceOffer.rentalPriceMnt} is not null`,
        format ? eq(commerceOffer.format, format) : undefined,
        current,
      ) as SQL;
      return bookIdsPage(where, page, perPage);
    },
  };
}
