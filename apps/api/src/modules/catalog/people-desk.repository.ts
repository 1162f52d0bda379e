import type { ModuleDb } from '@nomsan/db/client';
import { and, asc, eq, or, sql, type SQL } from '@nomsan/db/orm';
import type * as schema from '@nomsan/db/schema/catalog';
import {
  catalogBook,
  catalogBookCategory,
  catalogBookContributor,
  catalogCategory,
  catalogContributor,
  catalogPublisher,
  catalogSummaryCategory,
  catalogSummaryContributor,
} from '@nomsan/db/schema/catalog';
import { qualified } from '@nomsan/db/sql';
import { escapeLike, type Cursor } from '../../lib/keyset';

export type PeopleDeskDb = ModuleDb<typeof schema>;

/** held to the end of the transaction by every write to the categories' list (their order) */
const CATEGORIES_LOCK = 7_301_003;

/** `q`: the start of the name in any letter case, or an id; after the cursor's (name, id) */
function nameFilter(key: SQL, idColumn: SQL, q: string | undefined, after: Cursor | null) {
  const where: SQL[] = [];
  const text = q?.trim();
  if (text) {
    const asId = /^\d{1,9}$/.test(text) ? Number(text) : null;
    const prefix = sql`${key} like ${`${escapeLike(text.toLowerCase())}%`}`;
    where.push(asId ? or(sql`${idColumn} = ${asId}`, prefix)! : prefix);
  }
  if (after) where.push(sql`(${key}, ${idColumn}) > (${after[0]}, ${after[1]})`);
  return where.length ? and(...where) : undefined;
}

/**
 * The SQL of the people, publishers and categories desk (docs/catalog-desk.md, "People,
 * publishers and categories"): the lists by name (keyset on lower(name), id), one row with the
 * titles it is on, and the writes. A contributor's new name reaches the cards of their titles
 * through the triggers of migration 0011 (`card_authors`), in the same statement.
 */
export function peopleDeskRepository(db: PeopleDeskDb) {
  const personKey = sql<string>`lower(${catalogContributor.name})`;
  const publisherKey = sql<string>`lower(${catalogPublisher.name})`;
  const personBooks = sql<number>`(select count(distinct ${catalogBookContributor.bookId})::int from ${catalogBookContributor} where ${catalogBookContributor.contributorId} = ${qualified(catalogContributor.id)})`;
  const personSummaries = sql<number>`(select count(distinct ${catalogSummaryContributor.summaryId})::int from ${catalogSummaryContributor} where ${catalogSummaryContributor.contributorId} = ${qualified(catalogContributor.id)})`;
  const publisherBooks = sql<number>`(select count(*)::int from ${catalogBook} where ${catalogBook.publisherId} = ${qualified(catalogPublisher.id)})`;
  const categoryBooks = sql<number>`(select count(*)::int from ${catalogBookCategory} where ${catalogBookCategory.categoryId} = ${qualified(catalogCategory.id)})`;
  const categorySummaries = sql<number>`(select count(*)::int from ${catalogSummaryCategory} where ${catalogSummaryCategory.categoryId} = ${qualified(catalogCategory.id)})`;
  /** on titles as a narrator and never as an author (their store page is /narrators/{slug}) */
  const narratorOnly = sql<boolean>`(exists (select 1 from ${catalogBookContributor} where ${catalogBookContributor.contributorId} = ${qualified(catalogContributor.id)} and ${catalogBookContributor.role} = 'narrator') and not exists (select 1 from ${catalogBookContributor} where ${catalogBookContributor.contributorId} = ${qualified(catalogContributor.id)} and ${catalogBookContributor.role} = 'author') and not exists (select 1 from ${catalogSummaryContributor} where ${catalogSummaryContributor.contributorId} = ${qualified(catalogContributor.id)} and ${catalogSummaryContributor.role} = 'author'))`;
  const personColumns = {
    id: catalogContributor.id,
    slug: catalogContributor.slug,
    name: catalogContributor.name,
    nameKey: personKey,
    bio: catalogContributor.bio,
    photoKey: catalogContributor.photoKey,
    booksCount: personBooks,
    summariesCount: personSummaries,
  };
  const publisherColumns = {
    id: catalogPublisher.id,
    slug: catalogPublisher.slug,
    name: catalogPublisher.name,
    nameKey: publisherKey,
    description: catalogPublisher.description,
    logoKey: catalogPublisher.logoKey,
    booksCount: publisherBooks,
  };
  return {
    people: (q: string | undefined, after: Cursor | null, limit: number) =>
      db
        .select(personColumns)
        .from(catalogContributor)
        .where(nameFilter(personKey, sql`${catalogContributor.id}`, q, after))
        .orderBy(asc(personKey), asc(catalogContributor.id))
        .limit(limit),

    person: async (id: number, lock = false) => {
      const query = db
        .select({ ...personColumns, narratorOnly })
        .from(catalogContributor)
        .where(eq(catalogContributor.id, id));
      return (await (lock ? query.for('update', { of: catalogContributor }) : query))[0];
    },

    async updatePerson(id: number, set: { name?: string; bio?: string; photoKey?: string }) {
      await db.update(catalogContributor).set(set).where(eq(catalogContributor.id, id));
    },

    /** the books and summaries a person is on, in any role */
    personTitles: async (id: number) => ({
      books: (
        await db
          .selectDistinct({ id: catalogBookContributor.bookId })
          .from(catalogBookContributor)
          .where(eq(catalogBookContributor.contributorId, id))
      ).map((row) => row.id),
      summaries: (
        await db
          .selectDistinct({ id: catalogSummaryContributor.summaryId })
          .from(catalogSummaryContributor)
          .where(eq(catalogSummaryContributor.contributorId, id))
      ).map((row) => row.id),
    }),

    publishers: (q: string | undefined, after: Cursor | null, limit: number) =>
      db
        .select(publisherColumns)
        .from(catalogPublisher)
        .where(nameFilter(publisherKey, sql`${catalogPublisher.id}`, q, after))
        .orderBy(asc(publisherKey), asc(catalogPublisher.id))
        .limit(limit),

    publisher: async (id: number, lock = false) => {
      const query = db.select(publisherColumns).from(catalogPublisher).where(eq(catalogPublisher.id, id));
      return (await (lock ? query.for('update', { of: catalogPublisher }) : query))[0];
    },

    async updatePublisher(id: number, set: { name?: string; description?: string; logoKey?: string }) {
      await db.update(catalogPublisher).set(set).where(eq(catalogPublisher.id, id));
    },

    publisherBooks: async (id: number) =>
      (await db.select({ id: catalogBook.id }).from(catalogBook).where(eq(catalogBook.publisherId, id))).map(
        (row) => row.id,
      ),

    /** waits for (then holds) the categories' lock until the transaction ends */
    async lockCategories() {
      await db.execute(sql`select pg_advisory_xact_lock(${CATEGORIES_LOCK})`);
    },

    categories: () =>
      db
        .select({
          id: catalogCategory.id,
          slug: catalogCategory.slug,
          title: catalogCategory.title,
          parentId: catalogCategory.parentId,
          position: catalogCategory.position,
          booksCount: categoryBooks,
          summariesCount: categorySummaries,
        })
        .from(catalogCategory)
        .orderBy(asc(catalogCategory.position), asc(catalogCategory.id)),

    category: async (id: number) =>
      (await db.select().from(catalogCategory).where(eq(catalogCategory.id, id)).for('update'))[0],

    /** the category slugs taken that are `base` or `base` with a number after it */
    categorySlugsLike: async (base: string) =>
      (
        await db
          .select({ slug: catalogCategory.slug })
          .from(catalogCategory)
          .where(or(eq(catalogCategory.slug, base), sql`${catalogCategory.slug} like ${`${escapeLike(base)}-%`}`))
      ).map((row) => row.slug),

    /** a new category after the last one */
    async insertCategory(row: { slug: string; title: string }) {
      const [made] = await db
        .insert(catalogCategory)
        .values({
          ...row,
          position: sql`(select coalesce(max(${catalogCategory.position}), 0) + 1 from ${catalogCategory})`,
        })
        .returning({ id: catalogCategory.id });
      return made!.id;
    },

    async renameCategory(id: number, title: string) {
      await db.update(catalogCategory).set({ title }).where(eq(catalogCategory.id, id));
    },

    /** positions 1, 2, 3 … in the order of `ids`, in one statement */
    async orderCategories(ids: number[]) {
      await db.execute(sql`
        update ${catalogCategory} set position = v.position
        from unnest(${sql.param(ids)}::int[]) with ordinality as v(id, position)
        where ${catalogCategory.id} = v.id`);
    },

    categoryTitles: async (id: number) => ({
      books: (
        await db
          .select({ id: catalogBookCategory.bookId })
          .from(catalogBookCategory)
          .where(eq(catalogBookCategory.categoryId, id))
      ).map((row) => row.id),
      summaries: (
        await db
          .select({ id: catalogSummaryCategory.summaryId })
          .from(catalogSummaryCategory)
          .where(eq(catalogSummaryCategory.categoryId, id))
      ).map((row) => row.id),
    }),
  };
}
