import { and, asc, desc, eq, or, sql, type SQL } from '@nomsan/db/orm';
import { commerceBundle, commerceBundleItem, commerceOffer } from '@nomsan/db/schema/commerce';
import { escapeLike, type Cursor } from '../../lib/keyset';
import type { BundleRow, CommerceDb } from './commerce.repository';

export type BundleSort = 'created' | 'title';

export interface BundleFilter {
  q?: string;
  kind?: BundleRow['kind'];
  active?: boolean;
}

/**
 * The bundles' SQL for the back office (docs/catalog-desk.md, "Bundles"): the list by keyset
 * (newest first, or by title), a bundle locked for a change, its writes and its items.
 */
export function bundleDeskRepository(db: CommerceDb) {
  const titleKey = sql<string>`lower(${commerceBundle.title})`;
  return {
    async bundles(filter: BundleFilter, sort: BundleSort, after: Cursor | null, limit: number) {
      const where: SQL[] = [];
      const q = filter.q?.trim();
      if (q) {
        const asId = /^\d{1,9}$/.test(q) ? Number(q) : null;
        const prefix = sql`${titleKey} like ${`${escapeLike(q.toLowerCase())}%`}`;
        where.push(asId ? or(eq(commerceBundle.id, asId), prefix)! : prefix);
      }
      if (filter.kind) where.push(eq(commerceBundle.kind, filter.kind));
      if (filter.active !== undefined) where.push(eq(commerceBundle.active, filter.active));
      if (after) {
        const [value, id] = after;
        where.push(
          sort === 'title'
            ? sql`(${titleKey}, ${commerceBundle.id}) > (${value}, ${id})`
            : sql`(${commerceBundle.createdAt}, ${commerceBundle.id}) < (${value}::timestamptz, ${id})`,
        );
      }
      return (
        db
          .select({
            bundle: commerceBundle,
            titleKey,
            // the cursor's value at the database's precision (microseconds: a Date keeps milliseconds)
            createdKey: sql<string>`${commerceBundle.createdAt}::text`,
            itemsCount: sql<number>`(select count(*)::int from commerce_bundle_item item where item.bundle_id = ${commerceBundle.id})`,
            priceMnt: commerceOffer.priceMnt,
          })
          .from(commerceBundle)
          // its one offer on sale (a unique index): at most one row a bundle
          .leftJoin(
            commerceOffer,
            and(
              eq(commerceOffer.itemType, 'bundle'),
              eq(commerceOffer.itemId, commerceBundle.id),
              eq(commerceOffer.format, 'bundle'),
              sql`${commerceOffer.active}`,
            ),
          )
          .where(where.length ? and(...where) : undefined)
          .orderBy(
            ...(sort === 'title'
              ? [asc(titleKey), asc(commerceBundle.id)]
              : [desc(commerceBundle.createdAt), desc(commerceBundle.id)]),
          )
          .limit(limit)
      );
    },

    /** a bundle, active or not; locked when it is about to change */
    async bundle(id: number, lock = false) {
      const query = db.select().from(commerceBundle).where(eq(commerceBundle.id, id));
      return (await (lock ? query.for('update') : query))[0];
    },

    /** its items' ids in the order its page shows them */
    async itemIds(bundleId: number) {
      const rows = await db
        .select({ itemId: commerceBundleItem.itemId })
        .from(commerceBundleItem)
        .where(eq(commerceBundleItem.bundleId, bundleId))
        .orderBy(asc(commerceBundleItem.position), asc(commerceBundleItem.itemId));
      return rows.map((row) => row.itemId);
    },

    /** the slugs `base` or `base-…` taken already */
    async slugsLike(base: string) {
      const rows = await db
        .select({ slug: commerceBundle.slug })
        .from(commerceBundle)
        .where(or(eq(commerceBundle.slug, base), sql`${commerceBundle.slug} like ${`${escapeLike(base)}-%`}`));
      return rows.map((row) => row.slug);
    },

    async insert(row: typeof commerceBundle.$inferInsert) {
      const [made] = await db.insert(commerceBundle).values(row).returning({ id: commerceBundle.id });
      return made!.id;
    },

    async update(id: number, set: Partial<typeof commerceBundle.$inferInsert>) {
      await db.update(commerceBundle).set(set).where(eq(commerceBundle.id, id));
    },

    /** the items replaced by `itemIds`, in that order (the primary key refuses one twice) */
    async replaceItems(bundleId: number, itemIds: readonly number[]) {
      await db.delete(commerceBundleItem).where(eq(commerceBundleItem.bundleId, bundleId));
      if (itemIds.length === 0) return;
      await db.insert(commerceBundleItem).values(itemIds.map((itemId, position) => ({ bundleId, itemId, position })));
    },
  };
}
