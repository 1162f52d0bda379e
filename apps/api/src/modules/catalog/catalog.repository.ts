import type { ModuleDb } from '@nomsan/db/client';
import type * as schema from '@nomsan/db/schema/catalog';
import { qualified } from '@nomsan/db/sql';
import { and, asc, count, desc, eq, exists, inArray, isNotNull, max, sql, type SQL } from '@nomsan/db/orm';
import {
  catalogAudioEdition,
  catalogBook,
  catalogBookCategory,
  catalogBookContributor,
  catalogBookRelated,
  catalogBookTag,
  catalogCategory,
  catalogContributor,
  catalogEbookEdition,
  catalogPublisher,
  catalogReview,
  catalogReviewReply,
  catalogSeries,
  catalogSlugHistory,
  catalogSummary,
  catalogSummaryCategory,
  catalogSummaryContributor,
  catalogTag,
  catalogTopic,
  catalogTopicItem,
  type CardPerson,
} from '@nomsan/db/schema/catalog';
import { offersOf } from '@nomsan/db/schema/published/commerce';
import type { BookCardRow, SummaryCardRow } from '@nomsan/db/schema/published/catalog';
import { coalesced, keyed } from '../../lib/coalesced';
import { groupBy } from '../../lib/group-by';

/** The database as this module sees it: its own tables only. */
export type CatalogDb = ModuleDb<typeof schema>;

export type BookOrder = 'popular' | 'newest';
export type ContributorRole = 'author' | 'narrator' | 'translator';
export interface BookFilter {
  kind?: 'book' | 'english_book';
  format?: 'audiobook' | 'ebook';
  categoryId?: number;
  contributor?: { id: number; role: ContributorRole };
  publisherId?: number;
}
export type Key = { id: number } | { slug: string };
/** a title's media sources (files are keys under the demo fixtures or the media store) */
export interface MediaSource {
  kind: 'book' | 'summary';
  title: string;
  coverKey: string | null;
  audioFile: string | null;
  sampleSeconds: number | null;
  epubFile: string | null;
  /** chapters of the e-book a visitor may read */
  sampleChapters: number;
  chapters: { position: number; title: string; startSeconds: number; durationSeconds: number }[];
  /** a summary's text, paragraph by paragraph */
  body: string[];
}
export type Person = CardPerson;
export type SlugEntity = (typeof catalogSlugHistory.$inferSelect)['entityType'];

const cardColumns = {
  id: catalogBook.id,
  slug: catalogBook.slug,
  kind: catalogBook.kind,
  title: catalogBook.title,
  shortDescription: catalogBook.shortDescription,
  likesCount: catalogBook.likesCount,
  coverKey: catalogBook.coverKey,
  coverColor: catalogBook.coverColor,
  ratingAvg: catalogBook.ratingAvg,
  // its editions' facts and its authors, kept on the book's row (migration 0011's triggers)
  durationSeconds: catalogBook.audioSeconds,
  pages: catalogBook.ebookPages,
  authors: catalogBook.cardAuthors,
  // and its price: the commerce module's terms, in the same round trip
  offers: offersOf('book', qualified(catalogBook.id)),
};

const summaryCardColumns = {
  id: catalogSummary.id,
  slug: catalogSummary.slug,
  title: catalogSummary.title,
  coverKey: catalogSummary.coverKey,
  coverColor: catalogSummary.coverColor,
  readingMinutes: catalogSummary.readingMinutes,
  authors: catalogSummary.cardAuthors,
  offers: offersOf('summary', qualified(catalogSummary.id)),
};

/**
 * Catalogue queries. Only this file touches the catalogue's tables. The repository that serves
 * every request outside a transaction is made with `pool`: its prepared hot reads run on
 * `pool.genericDb` (DatabaseHandle.genericDb), and a book's page data read by concurrent
 * requests is read in one statement (lib/coalesced.ts). Without it (a transaction, a script)
 * every read runs on `db` as it is asked.
 */
export function catalogRepository(db: CatalogDb, pool?: { genericDb: CatalogDb }) {
  const genericDb = pool?.genericDb ?? db;
  const published = eq(catalogBook.status, 'published');
  const one = sql`1`;

  function bookConditions(filter: BookFilter): SQL[] {
    const conditions: SQL[] = [published];
    if (filter.kind) conditions.push(eq(catalogBook.kind, filter.kind));
    if (filter.publisherId) conditions.push(eq(catalogBook.publisherId, filter.publisherId));
    if (filter.format === 'audiobook') {
      conditions.push(
        exists(db.select({ one }).from(catalogAudioEdition).where(eq(catalogAudioEdition.bookId, catalogBook.id))),
      );
    }
    if (filter.format === 'ebook') {
      conditions.push(
        exists(db.select({ one }).from(catalogEbookEdition).where(eq(catalogEbookEdition.bookId, catalogBook.id))),
      );
    }
    if (filter.categoryId) {
      const categoryId = filter.categoryId;
      conditions.push(
        exists(
          db
            .select({ one })
            .from(catalogBookCategory)
            .where(and(eq(catalogBookCategory.bookId, catalogBook.id), eq(catalogBookCategory.categoryId, categoryId))),
        ),
      );
    }
    if (filter.contributor) {
      const { id, role } = filter.contributor;
      conditions.push(
        exists(
          db
            .select({ one })
            .from(catalogBookContributor)
            .where(
              and(
                eq(catalogBookContributor.bookId, catalogBook.id),
                eq(catalogBookContributor.contributorId, id),
                eq(catalogBookContributor.role, role),
              ),
            ),
        ),
      );
    }
    return conditions;
  }

  const bookOrder = (order: BookOrder) => [
    order === 'popular' ? desc(catalogBook.popularity) : desc(catalogBook.publishedAt),
    asc(catalogBook.id),
  ];

  function cardsQuery(on: CatalogDb = db) {
    return on.select(cardColumns).from(catalogBook);
  }

  // The hot reads (cards by id, a book's page, its related list) are prepared once: building a
  // query costs more CPU than PostgreSQL takes to answer it. Cards by id and the related list
  // also run with their generic plan: left to choose, PostgreSQL planned them anew on every
  // run (a plan for these two ids, or for this limit, always looks cheaper than one for any).
  // A book's page, by one id, gets its generic plan after a few runs anyway.
  const idList = sql`any(${sql.placeholder('ids')}::int[])`;
  const booksByIds = cardsQuery(genericDb)
    .where(and(published, sql`${catalogBook.id} = ${idList}`))
    .prepare('catalog_books_by_ids');
  const summariesByIds = genericDb
    .select(summaryCardColumns)
    .from(catalogSummary)
    .where(and(eq(catalogSummary.status, 'published'), sql`${catalogSummary.id} = ${idList}`))
    .prepare('catalog_summaries_by_ids');
  const bookKindById = db
    .select({ kind: catalogBook.kind })
    .from(catalogBook)
    .where(and(published, eq(catalogBook.id, sql.placeholder('id'))))
    .prepare('catalog_book_kind');
  // A book's precomputed neighbours, with their cards in one round trip, most similar first.
  const relatedCardsOf = cardsQuery(genericDb)
    .innerJoin(catalogBookRelated, eq(catalogBookRelated.relatedId, catalogBook.id))
    .where(and(published, eq(catalogBookRelated.bookId, sql.placeholder('id'))))
    .orderBy(desc(catalogBookRelated.score), asc(catalogBookRelated.relatedId))
    .limit(sql.placeholder('limit'))
    .prepare('catalog_related_cards');

  const bookRef = qualified(catalogBook.id);
  const bookDetailQuery = (where: SQL, on: CatalogDb = db) =>
    on
      .select({
        book: catalogBook,
        publisher: { id: catalogPublisher.id, name: catalogPublisher.name, slug: catalogPublisher.slug },
        series: { id: catalogSeries.id, name: catalogSeries.name, slug: catalogSeries.slug },
        audio: catalogAudioEdition,
        ebook: catalogEbookEdition,
        offers: offersOf('book', bookRef),
        contributors: sql<{ id: number; name: string; slug: string; role: ContributorRole }[]>`(
        select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'role', bc.role) order by bc.position), '[]')
          from catalog_book_contributor bc join catalog_contributor c on c.id = bc.contributor_id
         where bc.book_id = ${bookRef})`,
        categories: sql<{ id: number; title: string; slug: string }[]>`(
        select coalesce(json_agg(json_build_object('id', c.id, 'title', c.title, 'slug', c.slug) order by c.position), '[]')
          from catalog_book_category bc join catalog_category c on c.id = bc.category_id
         where bc.book_id = ${bookRef})`,
        tags: sql<{ id: number; name: string; slug: string }[]>`(
        select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug) order by t.name), '[]')
          from catalog_book_tag bt join catalog_tag t on t.id = bt.tag_id
         where bt.book_id = ${bookRef})`,
        chapters: sql<{ position: number; title: string; startSeconds: number; durationSeconds: number }[]>`(
        select coalesce(json_agg(json_build_object('position', ch.position, 'title', ch.title, 'startSeconds', ch.start_seconds, 'durationSeconds', ch.duration_seconds) order by ch.position), '[]')
          from catalog_audio_chapter ch
         where ch.book_id = ${bookRef})`,
        ratings: sql<{ rating: number; n: number }[]>`(
        select coalesce(json_agg(json_build_object('rating', r.rating, 'n', r.n)), '[]')
          from (select rating, count(*)::int as n from catalog_review
                 where reviewable_type = 'book' and reviewable_id = ${bookRef} group by rating) r)`,
      })
      .from(catalogBook)
      .leftJoin(catalogPublisher, eq(catalogPublisher.id, catalogBook.publisherId))
      .leftJoin(catalogSeries, eq(catalogSeries.id, catalogBook.seriesId))
      .leftJoin(catalogAudioEdition, eq(catalogAudioEdition.bookId, catalogBook.id))
      .leftJoin(catalogEbookEdition, eq(catalogEbookEdition.bookId, catalogBook.id))
      .where(where);
  const bookDetailById = bookDetailQuery(eq(catalogBook.id, sql.placeholder('id'))).prepare('catalog_book_detail');
  // A book page is asked for by its current slug: the detail in the same round trip.
  const bookDetailBySlug = bookDetailQuery(eq(catalogBook.slug, sql.placeholder('slug'))).prepare(
    'catalog_book_detail_by_slug',
  );
  // The same for many books, for the reads that concurrent requests make together.
  const bookDetailsByIds = bookDetailQuery(sql`${catalogBook.id} = ${idList}`, genericDb).prepare(
    'catalog_book_details',
  );
  const bookDetailsBySlugs = bookDetailQuery(
    sql`${catalogBook.slug} = any(${sql.placeholder('slugs')}::text[])`,
    genericDb,
  ).prepare('catalog_book_details_by_slugs');
  const detailById = pool
    ? coalesced(async (ids: number[]) => keyed(await bookDetailsByIds.execute({ ids }), (row) => row.book.id))
    : async (id: number) => (await bookDetailById.execute({ id }))[0];
  const detailBySlug = pool
    ? coalesced(async (slugs: string[]) => keyed(await bookDetailsBySlugs.execute({ slugs }), (row) => row.book.slug))
    : async (slug: string) => (await bookDetailBySlug.execute({ slug }))[0];

  const reviewColumns = (replies: number) => {
    const review = qualified(catalogReview.id);
    return {
      id: catalogReview.id,
      authorName: catalogReview.authorName,
      rating: catalogReview.rating,
      body: catalogReview.body,
      createdAt: catalogReview.createdAt,
      repliesCount: sql<number>`(select count(*)::int from ${catalogReviewReply} where ${catalogReviewReply.reviewId} = ${review})`,
      latestReplies: sql<{ id: number; authorName: string; isStaff: boolean; body: string; createdAt: string }[]>`(
            select coalesce(json_agg(json_build_object('id', r.id, 'authorName', r.author_name, 'isStaff', r.is_staff,
                     'body', r.body, 'createdAt', r.created_at) order by r.created_at desc, r.id desc), '[]')
              from (select * from catalog_review_reply where review_id = ${review}
                     order by created_at desc, id desc limit ${replies}) r)`,
    };
  };
  const reviewsPage = (type: 'book' | 'summary', itemId: number, limit: number, offset: number, replies: number) =>
    db
      .select(reviewColumns(replies))
      .from(catalogReview)
      .where(and(eq(catalogReview.reviewableType, type), eq(catalogReview.reviewableId, itemId)))
      .orderBy(desc(catalogReview.createdAt), desc(catalogReview.id))
      .limit(limit)
      .offset(offset);
  type ReviewRow = Awaited<ReturnType<typeof reviewsPage>>[number];
  // The first page of reviews of the items that concurrent requests (book pages) ask for, in
  // one statement: each item's newest `limit` by a lateral join, so a title with thousands of
  // reviews still reads only its page.
  const firstReviewsOf = new Map<string, (itemId: number) => Promise<ReviewRow[] | undefined>>();
  function firstReviews(type: 'book' | 'summary', limit: number, replies: number) {
    const variant = `${type}:${limit}:${replies}`;
    let read = firstReviewsOf.get(variant);
    if (!read) {
      read = coalesced(async (itemIds: number[]) => {
        const rows = await genericDb
          .select({ itemId: catalogReview.reviewableId, ...reviewColumns(replies) })
          .from(catalogReview)
          .where(
            sql`${catalogReview.id} = any(
              select page.id from unnest(${sql.param(itemIds)}::int[]) as item(id) cross join lateral (
                select r.id from ${catalogReview} r where r.reviewable_type = ${type} and r.reviewable_id = item.id
                 order by r.created_at desc, r.id desc limit ${limit}) page)`,
          )
          .orderBy(asc(catalogReview.reviewableId), desc(catalogReview.createdAt), desc(catalogReview.id));
        return groupBy(rows, (row) => row.itemId);
      });
      firstReviewsOf.set(variant, read);
    }
    return read;
  }

  /** resolves a current or earlier slug to the entity's id */
  async function slugToId(
    entity: SlugEntity,
    slug: string,
    current: () => Promise<number | null>,
  ): Promise<number | null> {
    const now = await current();
    if (now !== null) return now;
    const rows = await db
      .select({ id: catalogSlugHistory.entityId })
      .from(catalogSlugHistory)
      .where(and(eq(catalogSlugHistory.entityType, entity), eq(catalogSlugHistory.slug, slug)));
    return rows[0]?.id ?? null;
  }

  /** the id of an entity given its id or its (current or earlier) slug, if it exists */
  async function keyToId(
    table: typeof catalogContributor | typeof catalogPublisher | typeof catalogSummary,
    entity: SlugEntity,
    key: Key,
    condition?: SQL,
  ): Promise<number | null> {
    const find = async (match: SQL) => {
      const rows = await db
        .select({ id: table.id })
        .from(table)
        .where(and(match, ...(condition ? [condition] : [])));
      return rows[0]?.id ?? null;
    };
    if ('id' in key) return find(eq(table.id, key.id));
    return slugToId(entity, key.slug, () => find(eq(table.slug, key.slug)));
  }

  return {
    slugToId,

    /** where a published title's media comes from: its source files, chapters and title */
    async mediaSource(kind: 'book' | 'summary', id: number, drafts = false): Promise<MediaSource | undefined> {
      if (kind === 'summary') {
        const [row] = await db
          .select({
            title: catalogSummary.title,
            coverKey: catalogSummary.coverKey,
            audioFile: catalogSummary.audioFile,
            sampleSeconds: sql<number>`greatest(10, ${catalogSummary.audioDurationSeconds} / 4)`,
            body: catalogSummary.body,
          })
          .from(catalogSummary)
          .where(and(eq(catalogSummary.id, id), ...(drafts ? [] : [eq(catalogSummary.status, 'published')])));
        return row && { ...row, kind: 'summary', chapters: [], epubFile: null, sampleChapters: 1 };
      }
      const [row] = await db
        .select({
          title: catalogBook.title,
          coverKey: catalogBook.coverKey,
          audioFile: catalogAudioEdition.audioFile,
          sampleSeconds: catalogAudioEdition.sampleSeconds,
          epubFile: catalogEbookEdition.epubFile,
          sampleChapters: sql<number>`coalesce(${catalogEbookEdition.sampleChapters}, 1)`,
          chapters: sql<MediaSource['chapters']>`(
        select coalesce(json_agg(json_build_object('position', ch.position, 'title', ch.title, 'startSeconds', ch.start_seconds, 'durationSeconds', ch.duration_seconds) order by ch.position), '[]')
          from catalog_audio_chapter ch where ch.book_id = ${bookRef})`,
        })
        .from(catalogBook)
        .leftJoin(catalogAudioEdition, eq(catalogAudioEdition.bookId, catalogBook.id))
        .leftJoin(catalogEbookEdition, eq(catalogEbookEdition.bookId, catalogBook.id))
        .where(and(drafts ? undefined : published, eq(catalogBook.id, id)));
      return row && { ...row, kind: 'book', body: [] };
    },

    /** published titles with audio, most popular first (what packaging does ahead) */
    async audioTitles(limit: number): Promise<{ kind: 'book' | 'summary'; id: number; audioFile: string }[]> {
      const books = await db
        .select({ id: catalogBook.id, audioFile: catalogAudioEdition.audioFile, popularity: catalogBook.popularity })
        .from(catalogBook)
        .innerJoin(catalogAudioEdition, eq(catalogAudioEdition.bookId, catalogBook.id))
        .where(published)
        .orderBy(desc(catalogBook.popularity), asc(catalogBook.id))
        .limit(limit);
      const summaries = await db
        .select({
          id: catalogSummary.id,
          audioFile: sql<string>`${catalogSummary.audioFile}`,
          popularity: catalogSummary.popularity,
        })
        .from(catalogSummary)
        .where(and(eq(catalogSummary.status, 'published'), isNotNull(catalogSummary.audioFile)))
        .orderBy(desc(catalogSummary.popularity), asc(catalogSummary.id))
        .limit(limit);
      // the `limit` most popular of both kinds together
      return [
        ...books.map((b) => ({ kind: 'book' as const, ...b })),
        ...summaries.map((s) => ({ kind: 'summary' as const, ...s })),
      ]
        .sort((a, b) => b.popularity - a.popularity)
        .slice(0, limit)
        .map(({ kind, id, audioFile }) => ({ kind, id, audioFile }));
    },

    async categories() {
      return db
        .select({
          id: catalogCategory.id,
          title: catalogCategory.title,
          slug: catalogCategory.slug,
          booksCount: sql<number>`(select count(*)::int from ${catalogBookCategory} where ${catalogBookCategory.categoryId} = ${qualified(catalogCategory.id)})`,
        })
        .from(catalogCategory)
        .orderBy(asc(catalogCategory.position), asc(catalogCategory.id));
    },

    async tags(take: number) {
      const booksCount = sql<number>`count(${catalogBookTag.bookId})::int`;
      return db
        .select({ id: catalogTag.id, name: catalogTag.name, slug: catalogTag.slug, booksCount })
        .from(catalogTag)
        .leftJoin(catalogBookTag, eq(catalogBookTag.tagId, catalogTag.id))
        .groupBy(catalogTag.id)
        .orderBy(desc(booksCount), asc(catalogTag.id))
        .limit(take);
    },

    /** book card rows of the given ids that are published, in no particular order */
    async booksByIds(ids: number[]) {
      return ids.length === 0 ? [] : booksByIds.execute({ ids });
    },

    async books(filter: BookFilter, order: BookOrder, limit: number, offset = 0) {
      return cardsQuery()
        .where(and(...bookConditions(filter)))
        .orderBy(...bookOrder(order))
        .limit(limit)
        .offset(offset);
    },

    async countBooks(filter: BookFilter): Promise<number> {
      const rows = await db
        .select({ n: count() })
        .from(catalogBook)
        .where(and(...bookConditions(filter)));
      return Number(rows[0]?.n ?? 0);
    },

    async showcase() {
      return cardsQuery()
        .where(and(published, isNotNull(catalogBook.showcasePosition)))
        .orderBy(asc(catalogBook.showcasePosition));
    },

    /** every book placed in the showcase, published or not */
    async showcaseIds(): Promise<number[]> {
      const rows = await db
        .select({ id: catalogBook.id })
        .from(catalogBook)
        .where(isNotNull(catalogBook.showcasePosition));
      return rows.map((row) => row.id);
    },

    /** authors of many books in one query, in their credited order */
    async bookContributors(bookIds: number[], roles: ContributorRole[] = ['author']) {
      if (bookIds.length === 0) return [];
      return db
        .select({
          bookId: catalogBookContributor.bookId,
          role: catalogBookContributor.role,
          id: catalogContributor.id,
          name: catalogContributor.name,
          slug: catalogContributor.slug,
        })
        .from(catalogBookContributor)
        .innerJoin(catalogContributor, eq(catalogContributor.id, catalogBookContributor.contributorId))
        .where(and(inArray(catalogBookContributor.bookId, bookIds), inArray(catalogBookContributor.role, roles)))
        .orderBy(asc(catalogBookContributor.position));
    },

    async bookId(key: Key, kind?: 'book' | 'english_book'): Promise<number | null> {
      const where = (condition: SQL) => and(published, condition, ...(kind ? [eq(catalogBook.kind, kind)] : []));
      if ('id' in key) {
        const rows = await db
          .select({ id: catalogBook.id })
          .from(catalogBook)
          .where(where(eq(catalogBook.id, key.id)));
        return rows[0]?.id ?? null;
      }
      const id = await slugToId('book', key.slug, async () => {
        const rows = await db
          .select({ id: catalogBook.id })
          .from(catalogBook)
          .where(where(eq(catalogBook.slug, key.slug)));
        return rows[0]?.id ?? null;
      });
      if (id === null || !kind) return id;
      const rows = await db
        .select({ id: catalogBook.id })
        .from(catalogBook)
        .where(where(eq(catalogBook.id, id)));
      return rows[0]?.id ?? null;
    },

    /**
     * Everything a book page shows from the catalogue, in one round trip: the row with its
     * publisher, series and editions, and its people, categories, tags, chapters and rating
     * distribution aggregated as JSON.
     */
    bookDetail: async (id: number) => (await detailById(id)) ?? null,

    /** the same by the book's current slug (earlier slugs: `bookId`, then `bookDetail`) */
    bookDetailBySlug: async (slug: string) => (await detailBySlug(slug)) ?? null,

    /** the kind of a published book, or null when there is none */
    async bookKind(id: number): Promise<'book' | 'english_book' | null> {
      const rows = await bookKindById.execute({ id });
      return rows[0]?.kind ?? null;
    },

    async bookCategories(bookId: number) {
      return db
        .select({ id: catalogCategory.id, title: catalogCategory.title, slug: catalogCategory.slug })
        .from(catalogBookCategory)
        .innerJoin(catalogCategory, eq(catalogCategory.id, catalogBookCategory.categoryId))
        .where(eq(catalogBookCategory.bookId, bookId))
        .orderBy(asc(catalogCategory.position));
    },

    async categoryId(slug: string): Promise<number | null> {
      return slugToId('category', slug, async () => {
        const rows = await db
          .select({ id: catalogCategory.id })
          .from(catalogCategory)
          .where(eq(catalogCategory.slug, slug));
        return rows[0]?.id ?? null;
      });
    },

    /** the published cards of a book's precomputed neighbours, most similar first */
    relatedCards: (bookId: number, limit: number): Promise<BookCardRow[]> =>
      relatedCardsOf.execute({ id: bookId, limit }),

    contributorId: (key: Key) => keyToId(catalogContributor, 'contributor', key),

    async contributor(id: number, role: ContributorRole) {
      const rows = await db
        .select({
          contributor: catalogContributor,
          booksCount: sql<number>`(select count(*)::int from ${catalogBookContributor} where ${catalogBookContributor.contributorId} = ${qualified(catalogContributor.id)} and ${catalogBookContributor.role} = ${role})`,
        })
        .from(catalogContributor)
        .where(eq(catalogContributor.id, id));
      return rows[0] ?? null;
    },

    publisherId: (key: Key) => keyToId(catalogPublisher, 'publisher', key),

    async publisher(id: number) {
      const rows = await db
        .select({
          publisher: catalogPublisher,
          booksCount: sql<number>`(select count(*)::int from ${catalogBook} where ${catalogBook.publisherId} = ${qualified(catalogPublisher.id)} and ${catalogBook.status} = 'published')`,
        })
        .from(catalogPublisher)
        .where(eq(catalogPublisher.id, id));
      return rows[0] ?? null;
    },

    async summaries(limit: number, offset = 0) {
      return db
        .select(summaryCardColumns)
        .from(catalogSummary)
        .where(eq(catalogSummary.status, 'published'))
        .orderBy(desc(catalogSummary.popularity), asc(catalogSummary.id))
        .limit(limit)
        .offset(offset);
    },

    /** summary card rows of the given ids that are published, in no particular order */
    async summariesByIds(ids: number[]) {
      return ids.length === 0 ? [] : summariesByIds.execute({ ids });
    },

    async countSummaries(): Promise<number> {
      const rows = await db.select({ n: count() }).from(catalogSummary).where(eq(catalogSummary.status, 'published'));
      return Number(rows[0]?.n ?? 0);
    },

    summaryId: (key: Key) => keyToId(catalogSummary, 'summary', key, eq(catalogSummary.status, 'published')),

    async summary(id: number) {
      const rows = await db
        .select({ summary: catalogSummary, offers: offersOf('summary', qualified(catalogSummary.id)) })
        .from(catalogSummary)
        .where(eq(catalogSummary.id, id));
      return rows[0] ?? null;
    },

    async summaryCategories(summaryId: number) {
      return db
        .select({ id: catalogCategory.id, title: catalogCategory.title, slug: catalogCategory.slug })
        .from(catalogSummaryCategory)
        .innerJoin(catalogCategory, eq(catalogCategory.id, catalogSummaryCategory.categoryId))
        .where(eq(catalogSummaryCategory.summaryId, summaryId));
    },

    /** a page of an item's reviews, newest first, each with its latest `replies` replies (newest first) */
    async reviews(
      type: 'book' | 'summary',
      itemId: number,
      limit: number,
      offset: number,
      replies: number,
    ): Promise<ReviewRow[]> {
      if (offset === 0 && pool) return (await firstReviews(type, limit, replies)(itemId)) ?? [];
      return reviewsPage(type, itemId, limit, offset, replies);
    },

    /** count and 1..5 star distribution of an item's reviews */
    async ratingDistribution(type: 'book' | 'summary', itemId: number) {
      return db
        .select({ rating: catalogReview.rating, n: count() })
        .from(catalogReview)
        .where(and(eq(catalogReview.reviewableType, type), eq(catalogReview.reviewableId, itemId)))
        .groupBy(catalogReview.rating);
    },

    /**
     * published books after `afterId` with every text search ranks them by, in id order; `only`:
     * of these ids alone (a title the desk changed)
     */
    async searchCorpusBooks(afterId: number, limit: number, only?: number[]) {
      const names = (role: ContributorRole) =>
        sql<string>`coalesce((select string_agg(${catalogContributor.name}, ' ') from ${catalogBookContributor} join ${catalogContributor} on ${catalogContributor.id} = ${catalogBookContributor.contributorId} where ${catalogBookContributor.bookId} = ${qualified(catalogBook.id)} and ${catalogBookContributor.role} = ${role}), '')`;
      return db
        .select({
          id: catalogBook.id,
          kind: catalogBook.kind,
          title: catalogBook.title,
          subtitle: catalogBook.subtitle,
          description: catalogBook.description,
          popularity: catalogBook.popularity,
          publishedAt: catalogBook.publishedAt,
          authors: names('author'),
          narrators: names('narrator'),
          translators: names('translator'),
          series: catalogSeries.name,
          publisher: catalogPublisher.name,
          categories: sql<string>`coalesce((select string_agg(${catalogCategory.title}, ' ') from ${catalogBookCategory} join ${catalogCategory} on ${catalogCategory.id} = ${catalogBookCategory.categoryId} where ${catalogBookCategory.bookId} = ${qualified(catalogBook.id)}), '')`,
          categoryIds: sql<
            number[]
          >`array(select ${catalogBookCategory.categoryId} from ${catalogBookCategory} where ${catalogBookCategory.bookId} = ${qualified(catalogBook.id)})`,
          tags: sql<string>`coalesce((select string_agg(${catalogTag.name}, ' ') from ${catalogBookTag} join ${catalogTag} on ${catalogTag.id} = ${catalogBookTag.tagId} where ${catalogBookTag.bookId} = ${qualified(catalogBook.id)}), '')`,
          hasAudio: sql<boolean>`${catalogAudioEdition.bookId} is not null`,
          hasEbook: sql<boolean>`${catalogEbookEdition.bookId} is not null`,
        })
        .from(catalogBook)
        .leftJoin(catalogAudioEdition, eq(catalogAudioEdition.bookId, catalogBook.id))
        .leftJoin(catalogEbookEdition, eq(catalogEbookEdition.bookId, catalogBook.id))
        .leftJoin(catalogSeries, eq(catalogSeries.id, catalogBook.seriesId))
        .leftJoin(catalogPublisher, eq(catalogPublisher.id, catalogBook.publisherId))
        .where(and(published, sql`${catalogBook.id} > ${afterId}`, only ? inArray(catalogBook.id, only) : undefined))
        .orderBy(asc(catalogBook.id))
        .limit(limit);
    },

    /** published summaries after `afterId` with their searchable texts, in id order; `only`: of these ids */
    async searchCorpusSummaries(afterId: number, limit: number, only?: number[]) {
      return db
        .select({
          id: catalogSummary.id,
          title: catalogSummary.title,
          description: catalogSummary.description,
          popularity: catalogSummary.popularity,
          publishedAt: catalogSummary.publishedAt,
          authors: sql<string>`coalesce((select string_agg(${catalogContributor.name}, ' ') from ${catalogSummaryContributor} join ${catalogContributor} on ${catalogContributor.id} = ${catalogSummaryContributor.contributorId} where ${catalogSummaryContributor.summaryId} = ${qualified(catalogSummary.id)}), '')`,
          categories: sql<string>`coalesce((select string_agg(${catalogCategory.title}, ' ') from ${catalogSummaryCategory} join ${catalogCategory} on ${catalogCategory.id} = ${catalogSummaryCategory.categoryId} where ${catalogSummaryCategory.summaryId} = ${qualified(catalogSummary.id)}), '')`,
          categoryIds: sql<
            number[]
          >`array(select ${catalogSummaryCategory.categoryId} from ${catalogSummaryCategory} where ${catalogSummaryCategory.summaryId} = ${qualified(catalogSummary.id)})`,
        })
        .from(catalogSummary)
        .where(
          and(
            eq(catalogSummary.status, 'published'),
            sql`${catalogSummary.id} > ${afterId}`,
            only ? inArray(catalogSummary.id, only) : undefined,
          ),
        )
        .orderBy(asc(catalogSummary.id))
        .limit(limit);
    },

    /** the most popular published book's and summary's popularity (what search scales popularity by) */
    async searchPopularityCeiling() {
      const [[books], [summaries]] = await Promise.all([
        db
          .select({ top: max(catalogBook.popularity) })
          .from(catalogBook)
          .where(published),
        db
          .select({ top: max(catalogSummary.popularity) })
          .from(catalogSummary)
          .where(eq(catalogSummary.status, 'published')),
      ]);
      return { books: books?.top ?? 0, summaries: summaries?.top ?? 0 };
    },

    async relatedCorpus(afterId: number, limit: number) {
      return db
        .select({
          id: catalogBook.id,
          kind: catalogBook.kind,
          title: catalogBook.title,
          description: catalogBook.description,
          seriesId: catalogBook.seriesId,
          categoryIds: sql<
            number[]
          >`array(select ${catalogBookCategory.categoryId} from ${catalogBookCategory} where ${catalogBookCategory.bookId} = ${qualified(catalogBook.id)})`,
          tagIds: sql<
            number[]
          >`array(select ${catalogBookTag.tagId} from ${catalogBookTag} where ${catalogBookTag.bookId} = ${qualified(catalogBook.id)})`,
          authorIds: sql<
            number[]
          >`array(select ${catalogBookContributor.contributorId} from ${catalogBookContributor} where ${catalogBookContributor.bookId} = ${qualified(catalogBook.id)} and ${catalogBookContributor.role} = 'author')`,
        })
        .from(catalogBook)
        .where(and(published, sql`${catalogBook.id} > ${afterId}`))
        .orderBy(asc(catalogBook.id))
        .limit(limit);
    },

    /** replaces every precomputed neighbour list in one transaction */
    /**
     * Makes the precomputed neighbours `rows`, writing only the difference: the new list goes into
     * a temporary table, then the pairs no longer there go, changed scores change and new pairs
     * come, the new pairs last. A new pair's foreign keys lock its two books (key share) until
     * commit, and a title's rename (its slug) waits for such a lock: rewriting every pair held all
     * 100 000 books for the whole rewrite, and an editor's save with them (13-33 s in the bench).
     */
    async replaceRelated(rows: { bookId: number; relatedId: number; score: number }[]) {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`create temporary table related_next (book_id int, related_id int, score real) on commit drop`,
        );
        for (let i = 0; i < rows.length; i += 20_000) {
          const batch = rows.slice(i, i + 20_000);
          const column = <T>(pick: (row: (typeof rows)[number]) => T) => sql.param(batch.map(pick));
          await tx.execute(sql`insert into related_next
            select * from unnest(${column((r) => r.bookId)}::int[], ${column((r) => r.relatedId)}::int[],
              ${column((r) => r.score)}::real[])`);
        }
        await tx.execute(sql`create index on related_next (book_id, related_id)`);
        await tx.execute(sql`analyze related_next`);
        await tx.execute(sql`delete from ${catalogBookRelated} r where not exists (
          select 1 from related_next n where n.book_id = r.book_id and n.related_id = r.related_id)`);
        await tx.execute(sql`update ${catalogBookRelated} r set score = n.score from related_next n
          where n.book_id = r.book_id and n.related_id = r.related_id and r.score <> n.score`);
        await tx.execute(sql`insert into ${catalogBookRelated} (book_id, related_id, score)
          select n.book_id, n.related_id, n.score from related_next n where not exists (
            select 1 from ${catalogBookRelated} r where r.book_id = n.book_id and r.related_id = n.related_id)`);
      });
    },

    async hasRelated(): Promise<boolean> {
      const rows = await db.select({ one }).from(catalogBookRelated).limit(1);
      return rows.length > 0;
    },

    async topics() {
      return db
        .select({
          id: catalogTopic.id,
          slug: catalogTopic.slug,
          title: catalogTopic.title,
          description: catalogTopic.description,
          itemsCount: sql<number>`(select count(*)::int from ${catalogTopicItem} where ${catalogTopicItem.topicId} = ${qualified(catalogTopic.id)})`,
        })
        .from(catalogTopic)
        .where(eq(catalogTopic.active, true))
        .orderBy(asc(catalogTopic.position), asc(catalogTopic.id));
    },

    async topicItems(topicId: number, type: 'book' | 'summary' | 'podcast' | undefined, limit: number, offset: number) {
      const where = and(eq(catalogTopicItem.topicId, topicId), ...(type ? [eq(catalogTopicItem.itemType, type)] : []));
      const [rows, total] = await Promise.all([
        db
          .select({ itemType: catalogTopicItem.itemType, itemId: catalogTopicItem.itemId })
          .from(catalogTopicItem)
          .where(where)
          .orderBy(asc(catalogTopicItem.position), asc(catalogTopicItem.itemId))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(catalogTopicItem).where(where),
      ]);
      return { rows, total: Number(total[0]?.n ?? 0) };
    },
  };
}

export type { BookCardRow, SummaryCardRow };
export type CatalogRepository = ReturnType<typeof catalogRepository>;
