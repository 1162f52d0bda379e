import type { ModuleDb } from '@nomsan/db/client';
import { and, asc, eq, inArray, isNotNull, max, or, sql } from '@nomsan/db/orm';
import type * as schema from '@nomsan/db/schema/catalog';
import { catalogBook, catalogSummary, catalogTopic, catalogTopicItem } from '@nomsan/db/schema/catalog';
import { escapeLike } from './catalog-desk.repository';

export type CollectionsDeskDb = ModuleDb<typeof schema>;
export type ItemType = (typeof catalogTopicItem.itemType.enumValues)[number];
export type TopicRowDb = typeof catalogTopic.$inferSelect;

/**
 * Locks held to the end of the transaction by every write to one ordered list (the topics, or
 * the showcase): two editors' changes to the same list run one after the other, so an order is
 * checked against the list it replaces and written whole. A topic's items are locked through
 * the topic's row instead.
 */
const LIST_LOCKS = { topics: 7_301_001, showcase: 7_301_002 } as const;

/**
 * The collections desk's SQL (docs/catalog-desk.md, "Collections"): discovery topics and their
 * items (`catalog_topic`, `catalog_topic_item`), the showcase (`catalog_book.showcase_position`),
 * and the titles of the books and summaries they name. Orders are written in one statement each.
 */
export function collectionsDeskRepository(db: CollectionsDeskDb) {
  const itemsCount = sql<number>`(select count(*)::int from ${catalogTopicItem} where ${catalogTopicItem.topicId} = ${catalogTopic.id})`;
  return {
    /** waits for (then holds) the list's lock until the transaction ends */
    async lockList(list: keyof typeof LIST_LOCKS) {
      await db.execute(sql`select pg_advisory_xact_lock(${LIST_LOCKS[list]})`);
    },

    topics: () =>
      db
        .select({
          id: catalogTopic.id,
          slug: catalogTopic.slug,
          title: catalogTopic.title,
          description: catalogTopic.description,
          active: catalogTopic.active,
          position: catalogTopic.position,
          itemsCount,
        })
        .from(catalogTopic)
        .orderBy(asc(catalogTopic.position), asc(catalogTopic.id)),

    topic: async (id: number, lock = false) => {
      const query = db.select().from(catalogTopic).where(eq(catalogTopic.id, id));
      return (await (lock ? query.for('update') : query))[0];
    },

    /** the slugs taken that are `base` or `base` with a number after it */
    slugsLike: async (base: string) =>
      (
        await db
          .select({ slug: catalogTopic.slug })
          .from(catalogTopic)
          .where(or(eq(catalogTopic.slug, base), sql`${catalogTopic.slug} like ${`${escapeLike(base)}-%`}`))
      ).map((row) => row.slug),

    /** a new topic after the last one */
    async insertTopic(row: { slug: string; title: string; description: string; active: boolean }) {
      const [made] = await db
        .insert(catalogTopic)
        .values({
          ...row,
          position: sql`(select coalesce(max(${catalogTopic.position}), 0) + 1 from ${catalogTopic})`,
        })
        .returning({ id: catalogTopic.id });
      return made!.id;
    },

    async updateTopic(id: number, set: Partial<Pick<TopicRowDb, 'title' | 'description' | 'active'>>) {
      await db.update(catalogTopic).set(set).where(eq(catalogTopic.id, id));
    },

    /** the topic and (by the foreign key's cascade) its items */
    async deleteTopic(id: number) {
      await db.delete(catalogTopic).where(eq(catalogTopic.id, id));
    },

    /** positions 1, 2, 3 … in the order of `ids`, in one statement */
    async orderTopics(ids: number[]) {
      await db.execute(sql`
        update ${catalogTopic} set position = v.position
        from unnest(${sql.param(ids)}::int[]) with ordinality as v(id, position)
        where ${catalogTopic.id} = v.id`);
    },

    items: (topicId: number) =>
      db
        .select({
          type: catalogTopicItem.itemType,
          id: catalogTopicItem.itemId,
          position: catalogTopicItem.position,
        })
        .from(catalogTopicItem)
        .where(eq(catalogTopicItem.topicId, topicId))
        .orderBy(asc(catalogTopicItem.position), asc(catalogTopicItem.itemId)),

    /** the item after the topic's last one; false when it is in the topic already */
    async addItem(topicId: number, type: ItemType, itemId: number): Promise<boolean> {
      const added = await db
        .insert(catalogTopicItem)
        .values({
          topicId,
          itemType: type,
          itemId,
          position: sql`(select coalesce(max(${catalogTopicItem.position}), 0) + 1 from ${catalogTopicItem} where ${catalogTopicItem.topicId} = ${topicId})`,
        })
        .onConflictDoNothing()
        .returning({ id: catalogTopicItem.itemId });
      return added.length > 0;
    },

    async removeItem(topicId: number, type: ItemType, itemId: number): Promise<boolean> {
      const removed = await db
        .delete(catalogTopicItem)
        .where(
          and(
            eq(catalogTopicItem.topicId, topicId),
            eq(catalogTopicItem.itemType, type),
            eq(catalogTopicItem.itemId, itemId),
          ),
        )
        .returning({ id: catalogTopicItem.itemId });
      return removed.length > 0;
    },

    /** positions 1, 2, 3 … in the order given, in one statement */
    async orderItems(topicId: number, items: { type: ItemType; id: number }[]) {
      await db.execute(sql`
        update ${catalogTopicItem} set position = v.position
        from unnest(${sql.param(items.map((i) => i.type))}::text[], ${sql.param(items.map((i) => i.id))}::int[])
          with ordinality as v(item_type, item_id, position)
        where ${catalogTopicItem.topicId} = ${topicId}
          and ${catalogTopicItem.itemType} = v.item_type and ${catalogTopicItem.itemId} = v.item_id`);
    },

    /** books by id: title, status and cover (any status) */
    books: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: catalogBook.id,
              title: catalogBook.title,
              status: catalogBook.status,
              coverKey: catalogBook.coverKey,
              coverColor: catalogBook.coverColor,
            })
            .from(catalogBook)
            .where(inArray(catalogBook.id, ids)),

    summaries: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: catalogSummary.id,
              title: catalogSummary.title,
              status: catalogSummary.status,
              coverKey: catalogSummary.coverKey,
              coverColor: catalogSummary.coverColor,
            })
            .from(catalogSummary)
            .where(inArray(catalogSummary.id, ids)),

    /** the showcase's books in order, whatever their status */
    showcase: () =>
      db
        .select({
          id: catalogBook.id,
          title: catalogBook.title,
          status: catalogBook.status,
          position: catalogBook.showcasePosition,
          coverKey: catalogBook.coverKey,
          coverColor: catalogBook.coverColor,
        })
        .from(catalogBook)
        .where(isNotNull(catalogBook.showcasePosition))
        .orderBy(asc(catalogBook.showcasePosition), asc(catalogBook.id)),

    /** places a book after the showcase's last one */
    async addToShowcase(bookId: number) {
      const [last] = await db
        .select({ position: max(catalogBook.showcasePosition) })
        .from(catalogBook)
        .where(isNotNull(catalogBook.showcasePosition));
      await db
        .update(catalogBook)
        .set({ showcasePosition: (last?.position ?? 0) + 1 })
        .where(eq(catalogBook.id, bookId));
    },

    async removeFromShowcase(bookId: number) {
      await db.update(catalogBook).set({ showcasePosition: null }).where(eq(catalogBook.id, bookId));
    },

    /** positions 1, 2, 3 … in the order of `ids`, in one statement */
    async orderShowcase(ids: number[]) {
      await db.execute(sql`
        update ${catalogBook} set showcase_position = v.position
        from unnest(${sql.param(ids)}::int[]) with ordinality as v(id, position)
        where ${catalogBook.id} = v.id`);
    },
  };
}
