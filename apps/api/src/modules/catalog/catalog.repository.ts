import type { Db } from '@nomsan/db/client';
import { and, asc, desc, eq, exists, inArray, sql } from '@nomsan/db/orm';
import {
  catalogAudioEdition,
  catalogBook,
  catalogBookCategory,
  catalogBookContributor,
  catalogCategory,
  catalogContributor,
  catalogEbookEdition,
  catalogSummary,
  catalogSummaryContributor,
} from '@nomsan/db/schema/catalog';

export type BookOrder = 'popular' | 'newest';
export interface BookFilter {
  kind?: 'book' | 'english_book';
  format?: 'audiobook' | 'ebook';
  categoryId?: number;
}

/** Catalogue queries. Only this file touches the catalogue's tables. */
export function catalogRepository(db: Db) {
  const published = eq(catalogBook.status, 'published');

  return {
    async categories() {
      return db
        .select({
          id: catalogCategory.id,
          title: catalogCategory.title,
          slug: catalogCategory.slug,
          booksCount: sql<number>`(select count(*)::int from ${catalogBookCategory} where ${catalogBookCategory.categoryId} = ${catalogCategory.id})`,
        })
        .from(catalogCategory)
        .orderBy(asc(catalogCategory.position), asc(catalogCategory.id));
    },

    async books(filter: BookFilter, order: BookOrder, limit: number) {
      const conditions = [published];
      if (filter.kind) conditions.push(eq(catalogBook.kind, filter.kind));
      if (filter.format === 'audiobook') {
        conditions.push(
          exists(
            db
              .select({ one: sql`1` })
              .from(catalogAudioEdition)
              .where(eq(catalogAudioEdition.bookId, catalogBook.id)),
          ),
        );
      }
      if (filter.format === 'ebook') {
        conditions.push(
          exists(
            db
              .select({ one: sql`1` })
              .from(catalogEbookEdition)
              .where(eq(catalogEbookEdition.bookId, catalogBook.id)),
          ),
        );
      }
      if (filter.categoryId) {
        conditions.push(
          exists(
            db
              .select({ one: sql`1` })
              .from(catalogBookCategory)
              .where(
                and(
                  eq(catalogBookCategory.bookId, catalogBook.id),
                  eq(catalogBookCategory.categoryId, filter.categoryId),
                ),
              ),
          ),
        );
      }
      return db
        .select({
          id: catalogBook.id,
          slug: catalogBook.slug,
          kind: catalogBook.kind,
          title: catalogBook.title,
          coverKey: catalogBook.coverKey,
          coverColor: catalogBook.coverColor,
          ratingAvg: catalogBook.ratingAvg,
          durationSeconds: catalogAudioEdition.durationSeconds,
          pages: catalogEbookEdition.pages,
        })
        .from(catalogBook)
        .leftJoin(catalogAudioEdition, eq(catalogAudioEdition.bookId, catalogBook.id))
        .leftJoin(catalogEbookEdition, eq(catalogEbookEdition.bookId, catalogBook.id))
        .where(and(...conditions))
        .orderBy(
          order === 'popular' ? desc(catalogBook.popularity) : desc(catalogBook.publishedAt),
          asc(catalogBook.id),
        )
        .limit(limit);
    },

    /** authors of many books in one query, in their credited order */
    async bookAuthors(bookIds: number[]) {
      if (bookIds.length === 0) return [];
      return db
        .select({
          bookId: catalogBookContributor.bookId,
          id: catalogContributor.id,
          name: catalogContributor.name,
          slug: catalogContributor.slug,
        })
        .from(catalogBookContributor)
        .innerJoin(catalogContributor, eq(catalogContributor.id, catalogBookContributor.contributorId))
        .where(and(inArray(catalogBookContributor.bookId, bookIds), eq(catalogBookContributor.role, 'author')))
        .orderBy(asc(catalogBookContributor.position));
    },

    async summaries(limit: number) {
      return db
        .select({
          id: catalogSummary.id,
          slug: catalogSummary.slug,
          title: catalogSummary.title,
          coverKey: catalogSummary.coverKey,
          coverColor: catalogSummary.coverColor,
          readingMinutes: catalogSummary.readingMinutes,
        })
        .from(catalogSummary)
        .where(eq(catalogSummary.status, 'published'))
        .orderBy(desc(catalogSummary.popularity), asc(catalogSummary.id))
        .limit(limit);
    },

    async summaryAuthors(summaryIds: number[]) {
      if (summaryIds.length === 0) return [];
      return db
        .select({
          summaryId: catalogSummaryContributor.summaryId,
          id: catalogContributor.id,
          name: catalogContributor.name,
          slug: catalogContributor.slug,
        })
        .from(catalogSummaryContributor)
        .innerJoin(catalogContributor, eq(catalogContributor.id, catalogSummaryContributor.contributorId))
        .where(
          and(inArray(catalogSummaryContributor.summaryId, summaryIds), eq(catalogSummaryContributor.role, 'author')),
        )
        .orderBy(asc(catalogSummaryContributor.position));
    },
  };
}

export type CatalogRepository = ReturnType<typeof catalogRepository>;
