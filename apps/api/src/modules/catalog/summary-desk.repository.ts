import type { ModuleDb } from '@nomsan/db/client';
import { and, asc, desc, eq, or, sql, type SQL } from '@nomsan/db/orm';
import type * as schema from '@nomsan/db/schema/catalog';
import {
  catalogBook,
  catalogCategory,
  catalogContributor,
  catalogSummary,
  catalogSummaryCategory,
  catalogSummaryContributor,
} from '@nomsan/db/schema/catalog';
import { escapeLike, type Cursor } from './catalog-desk.repository';

export type SummaryDeskDb = ModuleDb<typeof schema>;
export type SummaryRowDb = typeof catalogSummary.$inferSelect;
export type SummarySort = 'updated' | 'title';

export interface SummaryFilter {
  q?: string;
  status?: 'draft' | 'published' | 'withdrawn';
}

/**
 * The summaries' SQL for the back office (docs/catalog-desk.md, "Summaries"): the list by keyset
 * (indexes `catalog_summary_updated_idx` and `catalog_summary_title_prefix_idx`), a summary with
 * the title of the book it summarises, and its writes.
 */
export function summaryDeskRepository(db: SummaryDeskDb) {
  const titleKey = sql<string>`lower(${catalogSummary.title})`;
  return {
    async summaries(filter: SummaryFilter, sort: SummarySort, after: Cursor | null, limit: number) {
      const where: SQL[] = [];
      const q = filter.q?.trim();
      if (q) {
        const asId = /^\d{1,9}$/.test(q) ? Number(q) : null;
        const prefix = sql`${titleKey} like ${`${escapeLike(q.toLowerCase())}%`}`;
        where.push(asId ? or(eq(catalogSummary.id, asId), prefix)! : prefix);
      }
      if (filter.status) where.push(eq(catalogSummary.status, filter.status));
      if (after) {
        const [value, id] = after;
        where.push(
          sort === 'title'
            ? sql`(${titleKey}, ${catalogSummary.id}) > (${value}, ${id})`
            : sql`(${catalogSummary.updatedAt}, ${catalogSummary.id}) < (${value}::timestamptz, ${id})`,
        );
      }
      return db
        .select({
          id: catalogSummary.id,
          slug: catalogSummary.slug,
          title: catalogSummary.title,
          titleKey,
          bookTitle: catalogBook.title,
          status: catalogSummary.status,
          hasText: sql<boolean>`cardinality(${catalogSummary.body}) > 0`,
          audioFile: catalogSummary.audioFile,
          readingMinutes: catalogSummary.readingMinutes,
          updatedAt: catalogSummary.updatedAt,
          // the cursor's value at the database's precision (microseconds: a Date keeps milliseconds)
          updatedKey: sql<string>`${catalogSummary.updatedAt}::text`,
          coverKey: catalogSummary.coverKey,
          coverColor: catalogSummary.coverColor,
        })
        .from(catalogSummary)
        .leftJoin(catalogBook, eq(catalogBook.id, catalogSummary.bookId))
        .where(where.length ? and(...where) : undefined)
        .orderBy(
          ...(sort === 'title'
            ? [asc(titleKey), asc(catalogSummary.id)]
            : [desc(catalogSummary.updatedAt), desc(catalogSummary.id)]),
        )
        .limit(limit);
    },

    summary: async (id: number, lock = false) => {
      const query = db.select().from(catalogSummary).where(eq(catalogSummary.id, id));
      return (await (lock ? query.for('update') : query))[0];
    },

    /** a book's id and title (any status: a draft's summary may be written before it is out) */
    book: async (id: number) =>
      (
        await db
          .select({ id: catalogBook.id, title: catalogBook.title })
          .from(catalogBook)
          .where(eq(catalogBook.id, id))
      )[0],

    /** its authors in the order shown */
    authorsOf: (summaryId: number) =>
      db
        .select({ id: catalogContributor.id, name: catalogContributor.name, slug: catalogContributor.slug })
        .from(catalogSummaryContributor)
        .innerJoin(catalogContributor, eq(catalogContributor.id, catalogSummaryContributor.contributorId))
        .where(and(eq(catalogSummaryContributor.summaryId, summaryId), eq(catalogSummaryContributor.role, 'author')))
        .orderBy(catalogSummaryContributor.position),

    categoriesOf: (summaryId: number) =>
      db
        .select({ id: catalogCategory.id, title: catalogCategory.title })
        .from(catalogSummaryCategory)
        .innerJoin(catalogCategory, eq(catalogCategory.id, catalogSummaryCategory.categoryId))
        .where(eq(catalogSummaryCategory.summaryId, summaryId))
        .orderBy(catalogCategory.position, catalogCategory.id),

    /** its authors replaced, in the order given (the card's authors follow by trigger) */
    async setAuthors(summaryId: number, contributorIds: number[]) {
      await db
        .delete(catalogSummaryContributor)
        .where(and(eq(catalogSummaryContributor.summaryId, summaryId), eq(catalogSummaryContributor.role, 'author')));
      if (contributorIds.length > 0) {
        await db.insert(catalogSummaryContributor).values(
          contributorIds.map((contributorId, position) => ({
            summaryId,
            contributorId,
            role: 'author' as const,
            position,
          })),
        );
      }
    },

    async setCategories(summaryId: number, categoryIds: number[]) {
      await db.delete(catalogSummaryCategory).where(eq(catalogSummaryCategory.summaryId, summaryId));
      if (categoryIds.length > 0) {
        await db.insert(catalogSummaryCategory).values(categoryIds.map((categoryId) => ({ summaryId, categoryId })));
      }
    },

    /** the slugs taken that are `base` or `base` with a number after it */
    slugsLike: async (base: string) =>
      (
        await db
          .select({ slug: catalogSummary.slug })
          .from(catalogSummary)
          .where(or(eq(catalogSummary.slug, base), sql`${catalogSummary.slug} like ${`${escapeLike(base)}-%`}`))
      ).map((r) => r.slug),

    async insert(row: typeof catalogSummary.$inferInsert) {
      const [inserted] = await db.insert(catalogSummary).values(row).returning({ id: catalogSummary.id });
      return inserted!.id;
    },

    async update(id: number, set: Partial<typeof catalogSummary.$inferInsert>) {
      await db
        .update(catalogSummary)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(catalogSummary.id, id));
    },
  };
}
