import {
  newsfeedTabs,
  type BookCard,
  type BookDetail,
  type BundleCard,
  type BundleDetail,
  type Category,
  type NewsfeedTab,
  type PersonDetail,
  type Shelf,
  type ShelfItem,
  type SummaryCard,
  type SummaryDetail,
  type Topic,
} from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import { notFound } from '../../errors';
import { noteTags, tag } from '../../lib/cache-tags';
import { groupBy } from '../../lib/group-by';
import type { CacheRegistry } from '../../lib/tagged-cache';
import type { Kernel } from '../../kernel/module';
import { boundRepositoryWith, type Ctx } from '../../kernel/unit-of-work';
import { coverImage } from '../../lib/media-urls';
import { pageOf, type Page } from '../../lib/paginate';
import { toAvailability, toOffer, type BundleSummary, type CommerceService } from '../commerce/commerce.service';
import type { PodcastsService } from '../podcasts/podcasts.service';
import { cardBuilder, ratingSummary } from './cards';
import { reviewsService } from './reviews.service';
import {
  catalogRepository,
  type BookCardRow,
  type BookFilter,
  type BookOrder,
  type CatalogDb,
  type ContributorRole,
  type Key,
  type MediaSource,
  type SummaryCardRow,
} from './catalog.repository';

export type { BookCardRow, MediaSource, SummaryCardRow };

const SHELF_SIZE = 12;
const CATEGORIES_TTL_MS = 60_000;
const FEED_TTL_MS = 30_000;
const DETAIL_TTL_MS = 60_000;
const TOPIC_FIRST_PAGE = 20;

export interface ListOptions {
  page: number;
  perPage: number;
  order?: BookOrder;
  shortDescription?: boolean;
  likes?: boolean;
}

/** the tag of a topic's item, by its type */
const itemTag = { book: tag.book, summary: tag.summary, podcast: tag.podcast } as const;

/**
 * Cards by id, in the order asked. Search results, related books and topics repeat across
 * requests: each process keeps recent cards for a minute, like book details, and loads the
 * rest in one batch. Each card is tagged with its item, so a change to it drops the card.
 * Inside a transaction every card is read on it (and not kept): it may see what it wrote.
 */
function cachedById<T extends { id: number }>(
  caches: CacheRegistry,
  max: number,
  tagOf: (id: number) => string,
  load: (ctx: Ctx, ids: number[]) => Promise<T[]>,
) {
  const cache = caches.lru<number, T>({ max, ttlMs: DETAIL_TTL_MS, tags: (card) => [tagOf(card.id)] });
  const byId = async (ctx: Ctx, ids: number[]) => new Map((await load(ctx, ids)).map((card) => [card.id, card]));
  return async (ctx: Ctx, ids: number[]): Promise<T[]> => {
    if (ids.length === 0) return [];
    const found = ctx.inTransaction ? await byId(ctx, ids) : await cache.getMany(ids, (missing) => byId(ctx, missing));
    return ids.flatMap((id) => found.get(id) ?? []);
  };
}

/**
 * The catalogue's read model: every answer the store shows of its titles, people, categories
 * and topics. Answers that are the same for everyone are kept in the kernel's tagged caches
 * (ADR 019): lists depend on the catalogue as a whole (any change drops them), details and
 * cards on their own item, so a change made through any process shows on the next request.
 * Work inside a transaction gets no cached answer and leaves none: it reads on the
 * transaction, which may see what it wrote (and on PGlite a read beside it would wait for it).
 */
export function catalogService(context: Kernel, podcasts: PodcastsService, commerce: CommerceService) {
  // The hot reads run on the generic-plan sessions: one repository for the pool, made once.
  const repository = boundRepositoryWith(
    { db: context.db.db, repository: catalogRepository(context.db.db, { genericDb: context.db.genericDb }) },
    (db: CatalogDb) => catalogRepository(db),
  );
  const { caches } = context;
  const cards = cardBuilder({ mediaBaseUrl: context.mediaBaseUrl, toOffer, toAvailability });

  async function bookCards(ctx: Ctx, filter: BookFilter, order: BookOrder, limit = SHELF_SIZE): Promise<BookCard[]> {
    return cards.books(await repository(ctx).books(filter, order, limit));
  }

  // Cards by id (search results, related books, topics) repeat across requests: each process
  // keeps recent ones for a minute, like book details, and loads the rest in one batch.
  const bookCardsByIds = cachedById<BookCard>(caches, 20_000, tag.book, async (ctx, ids) =>
    cards.books(await repository(ctx).booksByIds(ids)),
  );
  const summaryCardsByIds = cachedById<SummaryCard>(caches, 5_000, tag.summary, async (ctx, ids) =>
    cards.summaries(await repository(ctx).summariesByIds(ids)),
  );

  async function bookPage(ctx: Ctx, filter: BookFilter, options: ListOptions): Promise<Page<BookCard>> {
    const [rows, total] = await Promise.all([
      repository(ctx).books(filter, options.order ?? 'popular', options.perPage, (options.page - 1) * options.perPage),
      repository(ctx).countBooks(filter),
    ]);
    const data = cards.books(rows, { shortDescription: options.shortDescription, likes: options.likes });
    return pageOf(data, options.page, options.perPage, total);
  }

  const shelf = (id: string, title: string, link: string | null, items: ShelfItem[]): Shelf => ({
    id,
    title,
    link,
    items,
  });

  /** The shelves of each newsfeed tab; empty shelves are left out. */
  const tabs: Record<NewsfeedTab['tab'], (ctx: Ctx) => Promise<Shelf[]>> = {
    'for-you': async (ctx) => {
      const [popularAudio, newest, summaries, english, series] = await Promise.all([
        bookCards(ctx, { kind: 'book', format: 'audiobook' }, 'popular'),
        bookCards(ctx, { kind: 'book', format: 'ebook' }, 'newest'),
        repository(ctx)
          .summaries(SHELF_SIZE)
          .then((rows) => cards.summaries(rows)),
        bookCards(ctx, { kind: 'english_book' }, 'popular'),
        podcasts.seriesCards(ctx, SHELF_SIZE),
      ]);
      return [
        shelf('popular-audio', mn.home.popular, '/audio?sort=popular', popularAudio),
        shelf('newest-ebooks', mn.home.newest, '/book?sort=newest', newest),
        shelf('summaries', mn.home.summaries, '/summaries', summaries),
        shelf('english', mn.home.englishBooks, '/english-book', english),
        shelf('podcasts', mn.home.podcasts, '/podcast', series),
      ];
    },
    audio: async (ctx) => [
      shelf(
        'popular-audio',
        mn.home.popular,
        '/audio?sort=popular',
        await bookCards(ctx, { format: 'audiobook' }, 'popular'),
      ),
      shelf(
        'newest-audio',
        mn.home.newest,
        '/audio?sort=newest',
        await bookCards(ctx, { format: 'audiobook' }, 'newest'),
      ),
    ],
    ebook: async (ctx) => [
      shelf(
        'popular-ebooks',
        mn.home.popular,
        '/book?sort=popular',
        await bookCards(ctx, { format: 'ebook' }, 'popular'),
      ),
      shelf('newest-ebooks', mn.home.newest, '/book?sort=newest', await bookCards(ctx, { format: 'ebook' }, 'newest')),
    ],
    summary: async (ctx) => [
      shelf('summaries', mn.home.summaries, '/summaries', cards.summaries(await repository(ctx).summaries(SHELF_SIZE))),
    ],
    english: async (ctx) => [
      shelf(
        'english',
        mn.home.englishBooks,
        '/english-book',
        await bookCards(ctx, { kind: 'english_book' }, 'popular'),
      ),
    ],
    podcast: async (ctx) => [
      shelf('podcasts', mn.home.podcasts, '/podcast', await podcasts.seriesCards(ctx, SHELF_SIZE)),
    ],
  };

  async function newsfeedTab(ctx: Ctx, tab: NewsfeedTab['tab']): Promise<NewsfeedTab> {
    const shelves = await tabs[tab](ctx);
    return { tab, shelves: shelves.filter((s) => s.items.length > 0) };
  }

  // The feed is the same for every visitor until it is personalised; shelves move slowly.
  // What is kept for everyone is read on the kernel's root context: it belongs to no caller.
  const feeds = Object.fromEntries(
    newsfeedTabs.map((tab) => [tab, caches.cached({ ttlMs: FEED_TTL_MS }, () => newsfeedTab(context.root, tab))]),
  ) as Record<NewsfeedTab['tab'], () => Promise<NewsfeedTab>>;

  // Every page shows the category list, and it changes a few times a year: counting books per
  // category once a minute per process is plenty.
  async function readCategories(ctx: Ctx): Promise<Category[]> {
    const rows = await repository(ctx).categories();
    return rows.map((row) => ({ id: row.id, title: row.title, slug: row.slug, books_count: row.booksCount }));
  }
  const cachedCategories = caches.cached({ ttlMs: CATEGORIES_TTL_MS }, () => readCategories(context.root));
  const categories = (ctx: Ctx): Promise<Category[]> => (ctx.inTransaction ? readCategories(ctx) : cachedCategories());

  /** A shelf per category for one format: the category pages' recommendations. */
  const recommendations = {
    audiobook: async (ctx: Ctx) => [
      shelf(
        'recommend-audio',
        mn.home.popular,
        '/audio?sort=popular',
        await bookCards(ctx, { format: 'audiobook' }, 'popular'),
      ),
    ],
    ebook: async (ctx: Ctx) => [
      shelf(
        'recommend-ebook',
        mn.home.popular,
        '/book?sort=popular',
        await bookCards(ctx, { format: 'ebook' }, 'popular'),
      ),
    ],
    cat_abook: (ctx: Ctx) => shelvesPerCategory(ctx, 'audiobook'),
    cat_ebook: (ctx: Ctx) => shelvesPerCategory(ctx, 'ebook'),
  };

  async function shelvesPerCategory(ctx: Ctx, format: 'audiobook' | 'ebook'): Promise<Shelf[]> {
    const top = (await categories(ctx)).filter((c) => c.books_count > 0).slice(0, 6);
    const shelves = await Promise.all(
      top.map(async (c) =>
        shelf(
          `${format}-${c.slug}`,
          c.title,
          `/category/${c.slug}`,
          await bookCards(ctx, { format, categoryId: c.id }, 'popular'),
        ),
      ),
    );
    return shelves.filter((s) => s.items.length > 0);
  }

  async function bookDetail(ctx: Ctx, id: number, kind?: 'book' | 'english_book'): Promise<BookDetail> {
    return toBookDetail(await repository(ctx).bookDetail(id), kind);
  }

  type DetailRow = Awaited<ReturnType<ReturnType<typeof repository>['bookDetail']>>;

  function toBookDetail(found: DetailRow, kind?: 'book' | 'english_book'): BookDetail {
    if (!found || found.book.status !== 'published' || (kind && found.book.kind !== kind)) throw notFound();
    const offers = found.offers.map(toOffer);
    const { book, publisher, series, audio, ebook } = found;
    const { contributors, categories: categoryRows, tags: tagRows, chapters: chapterRows, ratings } = found;
    const people = (role: ContributorRole) =>
      contributors.filter((c) => c.role === role).map(({ id: pid, name, slug }) => ({ id: pid, name, slug }));
    return {
      id: book.id,
      slug: book.slug,
      type: book.kind,
      title: book.title,
      subtitle: book.subtitle,
      authors: people('author'),
      narrators: people('narrator'),
      translators: people('translator'),
      cover: coverImage(context.mediaBaseUrl, book.coverKey, book.coverColor, 'book'),
      formats: [...(audio ? (['audiobook'] as const) : []), ...(ebook ? (['ebook'] as const) : [])],
      duration_seconds: audio?.durationSeconds ?? null,
      pages: ebook?.pages ?? null,
      rating: Math.round(book.ratingAvg * 10) / 10,
      description: book.description,
      short_description: book.shortDescription,
      language: book.language,
      english_level: book.englishLevel,
      published_year: book.publishedYear,
      published_at: book.publishedAt.toISOString(),
      publisher: publisher ?? null,
      series: series ? { ...series, position: book.seriesPosition } : null,
      categories: categoryRows,
      tags: tagRows,
      audiobook: audio
        ? {
            duration_seconds: audio.durationSeconds,
            sample_seconds: audio.sampleSeconds,
            chapters: chapterRows.map((c) => ({
              position: c.position,
              title: c.title,
              start_seconds: c.startSeconds,
              duration_seconds: c.durationSeconds,
            })),
          }
        : null,
      ebook: ebook ? { pages: ebook.pages } : null,
      offers,
      availability: toAvailability(offers),
      rating_summary: ratingSummary(ratings),
      likes_count: book.likesCount,
      web_link: book.kind === 'english_book' ? `/english-book/${book.slug}` : `/${book.slug}`,
    };
  }

  async function bundleCard(bundle: BundleSummary): Promise<BundleCard> {
    return {
      id: bundle.id,
      slug: bundle.slug,
      type: 'bundle',
      kind: bundle.kind,
      title: bundle.title,
      cover: bundle.cover,
      items_count: bundle.itemIds.length,
      offer: bundle.offer,
    };
  }

  async function personDetail(ctx: Ctx, key: Key, role: ContributorRole): Promise<PersonDetail> {
    const id = await repository(ctx).contributorId(key);
    const found = id === null ? null : await repository(ctx).contributor(id, role);
    if (!found) throw notFound();
    const { contributor, booksCount } = found;
    return {
      id: contributor.id,
      name: contributor.name,
      slug: contributor.slug,
      bio: contributor.bio,
      photo: coverImage(context.mediaBaseUrl, contributor.photoKey, '#e5e7eb', 'square'),
      likes_count: contributor.likesCount,
      books_count: booksCount,
    };
  }

  async function topicItems(
    ctx: Ctx,
    id: number,
    type: 'all' | 'book' | 'summary' | 'podcast',
    page: number,
    perPage: number,
  ): Promise<Page<ShelfItem>> {
    if (!(await topics(ctx)).some((t) => t.id === id)) throw notFound();
    const { rows, total } = await repository(ctx).topicItems(
      id,
      type === 'all' ? undefined : type,
      perPage,
      (page - 1) * perPage,
    );
    // The page depends on the topic's list and on each item it names, shown or not yet: a draft
    // published later (no card, so no card's tag now) must drop it too.
    noteTags([tag.topic(id), ...rows.map((row) => itemTag[row.itemType](row.itemId))]);
    const byType = groupBy(rows, (row) => row.itemType);
    const ids = (t: 'book' | 'summary' | 'podcast') => (byType.get(t) ?? []).map((row) => row.itemId);
    const [books, summaries, series] = await Promise.all([
      bookCardsByIds(ctx, ids('book')),
      summaryCardsByIds(ctx, ids('summary')),
      podcasts.seriesCardsByIds(ctx, ids('podcast')),
    ]);
    const found = new Map<string, ShelfItem>([
      ...books.map((b) => [`book-${b.id}`, b] as [string, ShelfItem]),
      ...summaries.map((s) => [`summary-${s.id}`, s] as [string, ShelfItem]),
      ...series.map((p) => [`podcast-${p.id}`, p] as [string, ShelfItem]),
    ]);
    const items = rows.flatMap((row) => {
      const item = found.get(`${row.itemType}-${row.itemId}`);
      return item ? [item] : [];
    });
    return pageOf(items, page, perPage, total);
  }

  // Editorial picks are the same for every visitor and change by hand (the collections desk
  // drops them by their tags, in every process): cached like the feed.
  async function readShowcase(ctx: Ctx) {
    const [rows, placed] = await Promise.all([repository(ctx).showcase(), repository(ctx).showcaseIds()]);
    // every book placed in it, shown or not: one withdrawn and published again comes back
    noteTags(placed.map((id) => tag.book(id)));
    return cards.books(rows, { shortDescription: true }) as (BookCard & {
      short_description: string;
    })[];
  }
  const cachedShowcase = caches.cached({ ttlMs: FEED_TTL_MS, tags: () => [tag.showcase] }, () =>
    readShowcase(context.root),
  );
  async function readTopics(ctx: Ctx): Promise<Topic[]> {
    const rows = await repository(ctx).topics();
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      description: row.description,
      items_count: row.itemsCount,
    }));
  }
  // the list depends on the topics' own rows alone (their counts include items not shown yet)
  const cachedTopics = caches.cached({ ttlMs: FEED_TTL_MS, tags: () => [tag.topics] }, () => readTopics(context.root));
  const topics = (ctx: Ctx): Promise<Topic[]> => (ctx.inTransaction ? readTopics(ctx) : cachedTopics());

  async function topicFirstPage(ctx: Ctx, id: number): Promise<Topic & { items: ShelfItem[] }> {
    const topic = (await topics(ctx)).find((t) => t.id === id);
    if (!topic) throw notFound();
    return { ...topic, items: (await topicItems(ctx, id, 'all', 1, TOPIC_FIRST_PAGE)).data };
  }
  /** one cached first page per existing topic (ids are checked first, so the map stays small) */
  const topicFirstPages = new Map<number, () => Promise<Topic & { items: ShelfItem[] }>>();

  // An author's (or a category's) most popular books are every one of its books' neighbours:
  // kept once for all of them, a long tail of book pages no longer asks for the same shelf
  // per book (for a prolific author, a few milliseconds of sorting every time).
  const popularShelves = caches.lru<string, BookCard[]>({ max: 2_000, ttlMs: DETAIL_TTL_MS });
  const popularBooks = (ctx: Ctx, filter: BookFilter, limit: number) =>
    ctx.inTransaction
      ? bookCards(ctx, filter, 'popular', limit)
      : popularShelves.get(JSON.stringify([filter, limit]), () => bookCards(ctx, filter, 'popular', limit));

  async function related(
    ctx: Ctx,
    id: number,
    type: 'semantic' | 'author' | 'category',
    take: number,
  ): Promise<BookCard[]> {
    const known = knownBook(ctx, id);
    const kind = known?.type ?? (await repository(ctx).bookKind(id));
    if (!kind) throw notFound();
    if (type === 'semantic') {
      const rows = await repository(ctx).relatedCards(id, take);
      // Until the related-books job has run for a new book, its authors' and category's books stand in.
      if (rows.length > 0) return cards.books(rows);
    }
    if (type === 'author' || type === 'semantic') {
      const authors = known ? known.authors : await repository(ctx).bookContributors([id]);
      const byAuthor = authors[0]
        ? await popularBooks(ctx, { contributor: { id: authors[0].id, role: 'author' } }, take + 1)
        : [];
      const others = byAuthor.filter((b) => b.id !== id).slice(0, take);
      if (type === 'author' || others.length >= take) return others;
    }
    const [category] = known ? known.categories : await repository(ctx).bookCategories(id);
    if (!category) return [];
    return (await popularBooks(ctx, { categoryId: category.id, kind }, take + 1))
      .filter((b) => b.id !== id)
      .slice(0, take);
  }

  // A book's page data and neighbours are the same for everyone; popular books are asked for
  // again and again, so each process keeps the most recent ones for a minute.
  const bookDetails = caches.lru<string, BookDetail>({
    max: 5_000,
    ttlMs: DETAIL_TTL_MS,
    tags: (book) => [
      tag.book(book.id),
      ...[...book.authors, ...book.narrators, ...book.translators].map((p) => tag.contributor(p.id)),
      ...book.categories.map((c) => tag.category(c.id)),
    ],
  });
  // A neighbours list shows its books' cards, and follows the related-books job's results.
  const relatedLists = caches.lru<string, BookCard[]>({
    max: 2_000,
    ttlMs: DETAIL_TTL_MS,
    tags: (list) => [tag.related, ...list.map((card) => tag.book(card.id))],
  });
  // A book page is asked for by its slug: the slug's book, kept with the book's tag.
  const bookIdsBySlug = caches.lru<string, number>({
    max: 20_000,
    ttlMs: DETAIL_TTL_MS,
    tags: (id) => [tag.book(id)],
  });
  // The bundles a title is in, with their offers: dropped by a price change or a change to it.
  const bundleLists = caches.lru<string, BundleCard[]>({
    max: 5_000,
    ttlMs: DETAIL_TTL_MS,
    tags: (_bundles, key) => {
      const [kind, id] = key.split(':');
      return [tag.offers, kind === 'book' ? tag.book(Number(id)) : tag.summary(Number(id))];
    },
  });

  /**
   * A published book's page data when this process has it: what the page's other answers
   * (related books, bundles, reviews) need to know of the book, without asking the database
   * again. A book page loads its detail first, so its other calls find it here. Never inside
   * a transaction, which may have changed the book.
   */
  function knownBook(ctx: Ctx, id: number): BookDetail | undefined {
    if (ctx.inTransaction) return undefined;
    return bookDetails.peek(`any:${id}`) ?? bookDetails.peek(`book:${id}`) ?? bookDetails.peek(`english_book:${id}`);
  }

  async function requireId(lookup: Promise<number | null>): Promise<number> {
    const id = await lookup;
    if (id === null) throw notFound();
    return id;
  }

  return {
    categories,
    newsfeedTab: (ctx: Ctx, tab: NewsfeedTab['tab']): Promise<NewsfeedTab> =>
      ctx.inTransaction ? newsfeedTab(ctx, tab) : feeds[tab](),
    recommend: (ctx: Ctx, kind: keyof typeof recommendations): Promise<Shelf[]> => recommendations[kind](ctx),

    async tags(ctx: Ctx, take: number) {
      const rows = await repository(ctx).tags(take);
      return rows.map((row) => ({ id: row.id, name: row.name, slug: row.slug, books_count: row.booksCount }));
    },

    showcase: (ctx: Ctx) => (ctx.inTransaction ? readShowcase(ctx) : cachedShowcase()),

    bookCardsByIds,
    summaryCardsByIds,
    /** cards from the catalogue's published card rows (read by another module's statement) */
    bookCardsOf: (rows: BookCardRow[]): BookCard[] => cards.books(rows),
    summaryCardsOf: (rows: SummaryCardRow[]): SummaryCard[] => cards.summaries(rows),
    /**
     * what search indexes: published books and summaries, a batch at a time in id order (`only`:
     * of those ids alone), and the highest popularity of each, which search scales by
     */
    searchCorpusBooks: (ctx: Ctx, afterId: number, limit: number, only?: number[]) =>
      repository(ctx).searchCorpusBooks(afterId, limit, only),
    searchCorpusSummaries: (ctx: Ctx, afterId: number, limit: number, only?: number[]) =>
      repository(ctx).searchCorpusSummaries(afterId, limit, only),
    searchPopularityCeiling: (ctx: Ctx) => repository(ctx).searchPopularityCeiling(),

    async book(ctx: Ctx, key: Key, kind?: 'book' | 'english_book'): Promise<BookDetail> {
      const detailKey = (id: number) => `${kind ?? 'any'}:${id}`;
      if ('id' in key) {
        if (ctx.inTransaction) return bookDetail(ctx, key.id, kind);
        return bookDetails.get(detailKey(key.id), () => bookDetail(ctx, key.id, kind));
      }
      // A slug: the page's usual way in. Known, it is the cached detail; new, its current slug
      // gives the detail in one statement; an earlier slug is resolved to the book's id first.
      const slugKey = `${kind ?? 'any'}:${key.slug}`;
      const known = ctx.inTransaction ? undefined : bookIdsBySlug.peek(slugKey);
      if (known !== undefined) return bookDetails.get(detailKey(known), () => bookDetail(ctx, known, kind));
      const generation = caches.generation;
      const current = await repository(ctx).bookDetailBySlug(key.slug);
      if (current?.book.status === 'published' && (!kind || current.book.kind === kind)) {
        const id = current.book.id;
        if (ctx.inTransaction) return toBookDetail(current, kind);
        // what was read before a change that came in meanwhile is not kept: read it again
        const fresh = caches.generation === generation;
        void bookIdsBySlug.get(slugKey, async () => id);
        return bookDetails.get(detailKey(id), async () =>
          fresh ? toBookDetail(current, kind) : bookDetail(ctx, id, kind),
        );
      }
      const id = await requireId(repository(ctx).bookId(key, kind));
      if (ctx.inTransaction) return bookDetail(ctx, id, kind);
      return bookDetails.get(detailKey(id), () => bookDetail(ctx, id, kind));
    },

    related: (ctx: Ctx, id: number, type: 'semantic' | 'author' | 'category', take: number): Promise<BookCard[]> =>
      ctx.inTransaction
        ? related(ctx, id, type, take)
        : relatedLists.get(`${type}:${id}:${take}`, () => related(ctx, id, type, take)),

    async listBooks(
      ctx: Ctx,
      filter: BookFilter & { categorySlug?: string },
      options: ListOptions,
    ): Promise<Page<BookCard>> {
      const { categorySlug, ...rest } = filter;
      const categoryId = categorySlug ? await requireId(repository(ctx).categoryId(categorySlug)) : undefined;
      return bookPage(ctx, { ...rest, ...(categoryId ? { categoryId } : {}) }, options);
    },

    author: (ctx: Ctx, key: Key) => personDetail(ctx, key, 'author'),
    narrator: (ctx: Ctx, key: Key) => personDetail(ctx, key, 'narrator'),

    async contributorBooks(ctx: Ctx, id: number, role: ContributorRole, options: ListOptions): Promise<Page<BookCard>> {
      await requireId(repository(ctx).contributorId({ id }));
      return bookPage(ctx, { contributor: { id, role } }, options);
    },

    async publisher(ctx: Ctx, key: Key) {
      const id = await requireId(repository(ctx).publisherId(key));
      const found = await repository(ctx).publisher(id);
      if (!found) throw notFound();
      const { publisher, booksCount } = found;
      return {
        id: publisher.id,
        name: publisher.name,
        slug: publisher.slug,
        description: publisher.description,
        logo: coverImage(context.mediaBaseUrl, publisher.logoKey, '#e5e7eb', 'square'),
        books_count: booksCount,
      };
    },

    async publisherBooks(ctx: Ctx, id: number, options: ListOptions): Promise<Page<BookCard>> {
      await requireId(repository(ctx).publisherId({ id }));
      return bookPage(ctx, { publisherId: id }, options);
    },

    async summaries(ctx: Ctx, page: number, perPage: number): Promise<Page<SummaryCard>> {
      const [rows, total] = await Promise.all([
        repository(ctx).summaries(perPage, (page - 1) * perPage),
        repository(ctx).countSummaries(),
      ]);
      return pageOf(cards.summaries(rows), page, perPage, total);
    },

    async summary(ctx: Ctx, key: Key): Promise<SummaryDetail> {
      const id = await requireId(repository(ctx).summaryId(key));
      const found = await repository(ctx).summary(id);
      if (!found) throw notFound();
      const { summary: row, offers } = found;
      const [[card], categoryRows, book] = await Promise.all([
        summaryCardsByIds(ctx, [id]),
        repository(ctx).summaryCategories(id),
        row.bookId ? bookCardsByIds(ctx, [row.bookId]) : Promise.resolve([]),
      ]);
      if (!card) throw notFound();
      return {
        ...card,
        description: row.description,
        body: row.body,
        // a published summary has its recording (the desk refuses to publish one without)
        audio_duration_seconds: row.audioDurationSeconds ?? 0,
        book: book[0] ?? null,
        categories: categoryRows,
        offers: offers.map(toOffer),
        published_at: row.publishedAt.toISOString(),
        web_link: `/summary/${row.slug}`,
      };
    },

    /** a published title's media sources, for the media domain (undefined: no such title) */
    /** what the media module plays and packages; `drafts`: a title not published yet too (packaging) */
    mediaSource: (ctx: Ctx, kind: 'book' | 'summary', id: number, drafts = false): Promise<MediaSource | undefined> =>
      repository(ctx).mediaSource(kind, id, drafts),

    /** published titles with audio, most popular first */
    audioTitles: (ctx: Ctx, limit: number) => repository(ctx).audioTitles(limit),

    async bundlesOf(ctx: Ctx, kind: 'book' | 'summary', id: number): Promise<BundleCard[]> {
      const load = async () => {
        if (!(kind === 'book' && knownBook(ctx, id))) {
          await requireId(kind === 'book' ? repository(ctx).bookId({ id }) : repository(ctx).summaryId({ id }));
        }
        return Promise.all((await commerce.bundlesContaining(ctx, kind, id)).map(bundleCard));
      };
      return ctx.inTransaction ? load() : bundleLists.get(`${kind}:${id}`, load);
    },

    async bundle(ctx: Ctx, key: Key): Promise<BundleDetail> {
      const bundle = await commerce.bundle(ctx, key);
      if (!bundle) throw notFound();
      const items =
        bundle.kind === 'book'
          ? await bookCardsByIds(ctx, bundle.itemIds)
          : await summaryCardsByIds(ctx, bundle.itemIds);
      return {
        ...(await bundleCard(bundle)),
        description: bundle.description,
        items,
        // the same figure as the offer's original price (commerce computes both)
        items_value_mnt: bundle.itemsValueMnt,
        web_link: bundle.kind === 'book' ? `/bundle/${bundle.slug}` : `/bundleSummary/${bundle.slug}`,
      };
    },

    topics,

    /** a topic with its first items, as the home page shows it (cached per topic) */
    async topic(ctx: Ctx, id: number): Promise<Topic & { items: ShelfItem[] }> {
      if (!(await topics(ctx)).some((t) => t.id === id)) throw notFound();
      if (ctx.inTransaction) return topicFirstPage(ctx, id);
      let first = topicFirstPages.get(id);
      if (!first) {
        first = caches.cached({ ttlMs: FEED_TTL_MS, tags: () => [tag.topic(id)] }, () =>
          topicFirstPage(context.root, id),
        );
        topicFirstPages.set(id, first);
      }
      return first();
    },

    topicItems,

    /** reviews of a book or a summary, a page at a time, with the rating summary */
    reviews: reviewsService(repository, knownBook),
  };
}

export type CatalogService = ReturnType<typeof catalogService>;
