import type { Db } from '@nomsan/db/client';
import { and, asc, eq, inArray, or, sql } from '@nomsan/db/orm';
import { commerceBundle, commerceBundleItem, commerceOffer } from '@nomsan/db/schema/commerce';

export type OfferRow = typeof commerceOffer.$inferSelect;
export type BundleRow = typeof commerceBundle.$inferSelect;

/** Commerce queries: offers and bundles. Only this file touches the commerce tables. */
export function commerceRepository(db: Db) {
  const current = and(
    eq(commerceOffer.active, true),
    or(sql`${commerceOffer.startsAt} is null`, sql`${commerceOffer.startsAt} <= now()`),
    or(sql`${commerceOffer.endsAt} is null`, sql`${commerceOffer.endsAt} > now()`),
  );

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

    async bundlesContaining(kind: BundleRow['kind'], itemId: number) {
      return db
        .select({ bundle: commerceBundle })
        .from(commerceBundleItem)
        .innerJoin(commerceBundle, eq(commerceBundle.id, commerceBundleItem.bundleId))
        .where(
          and(eq(commerceBundleItem.itemId, itemId), eq(commerceBundle.kind, kind), eq(commerceBundle.active, true)),
        )
        .orderBy(asc(commerceBundle.id));
    },
  };
}
