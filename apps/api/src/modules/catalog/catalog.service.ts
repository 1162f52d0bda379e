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
import { tag } from '../../lib/cache-tags';
import { groupBy } from '../../lib/group-by';
import type { CacheRegistry } from '../../lib/tagged-cache';
import type { Kernel } from '../../kernel/module';
import { coverImage } from '../../lib/media-urls';
import { pageOf, type Page } from '../../lib/paginate';
import { toAvailability, toOffer, type BundleSummary, type CommerceService } from '../commerce/commerce.service';
import type { PodcastsService } from '../podcasts/podcasts.service';
import { cardBuilder, ratingSummary } from './cards';
import {
  catalogRepository,
  type BookCardRow,
  type BookFilter,
  type BookOrder,
  type ContributorRole,
  type Key,
  type SummaryCardRow,
} from './catalog.repository';

export type { BookCardRow, SummaryCardRow };

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

/**
 * Cards by id, in the order asked. Search results, related books and topics repeat across
 * requests: each process keeps recent cards for a minute, like book details, and loads the
 * rest in one batch. Each card is tagged with its item, so a change to it drops the card.
 */
function cachedById<T extends { id: number }>(
  caches: CacheRegistry,
  max: number,
  tagOf: (id: number) => string,
  load: (ids: number[]) => Promise<T[]>,
) {
  const cache = caches.lru<number, T>({ max, ttlMs: DETAIL_TTL_MS, tags: (card) => [tagOf(card.id)] });
  return async (ids: number[]): Promise<T[]> => {
    if (ids.length === 0) return [];
    const found = await cache.getMany(
      ids,
      async (missing) => new Map((await load(missing)).map((card) => [card.id, card])),
    );
    return ids.flatMap((id) => found.get(id) ?? []);
  };
}

/**
 * The catalogue's read model: every answer the store shows of its titles, people, categories
 * and topics. Answers that are the same for everyone are kept in the kernel's tagged caches
 * (ADR 019): lists depend on the catalogue as a whole (any change drops them), details and
 * cards on their own item, so a change made through any process shows on the next request.
 */
export function catalogService(context: Kernel, podcasts: PodcastsService, commerce: CommerceService) {
  const repository = catalogRepository(context.db.db, context.db.genericDb);
  const { caches } = context;
  const cards = cardBuilder({ mediaBaseUrl: context.mediaBaseUrl, toOffer, toAvailability });

  async function bookCards(filter: BookFilter, order: BookOrder, limit = SHELF_SIZE): Promise<BookCard[]> {
    return cards.books(await repository.books(filter, order, limit));
  }

  // Cards by id (search results, related books, topics) repeat across requests: each process
  // keeps recent ones for a minute, like book details, and loads the rest in one batch.
  const bookCardsByIds = cachedById<BookCard>(caches, 20_000, tag.book, async (ids) =>
    cards.books(await repository.booksByIds(ids)),
  );
  const summaryCardsByIds = cachedById<SummaryCard>(caches, 5_000, tag.summary, async (ids) =>
    cards.summaries(await repository.summariesByIds(ids)),
  );

  async function bookPage(filter: BookFilter, options: ListOptions): Promise<Page<BookCard>> {
    const [rows, total] = await Promise.all([
      repository.books(filter, options.order ?? 'popular', options.perPage, (options.page - 1) * options.perPage),
      repository.countBooks(filter),
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
  const tabs: Record<NewsfeedTab['tab'], () => Promise<Shelf[]>> = {
    'for-you': async () => {
      const [popularAudio, newest, summaries, english, series] = await Promise.all([
        bookCards({ kind: 'book', format: 'audiobook' }, 'popular'),
        bookCards({ kind: 'book', format: 'ebook' }, 'newest'),
        repository.summaries(SHELF_SIZE).then((rows) => cards.summaries(rows)),
        bookCards({ kind: 'english_book' }, 'popular'),
        podcasts.seriesCards(SHELF_SIZE),
      ]);
      return [
        shelf('popular-audio', mn.home.popular, '/audio', popularAudio),
        shelf('newest-ebooks', mn.home.newest, '/book', newest),
        shelf('summaries', mn.home.summaries, '/summaries', summaries),
        shelf('english', mn.home.englishBooks, '/english-book', english),
        shelf('podcasts', mn.home.podcasts, '/podcast', series),
      ];
    },
    audio: async () => [
      shelf('popular-audio', mn.home.popular, '/audio', await bookCards({ format: 'audiobook' }, 'popular')),
      shelf('newest-audio', mn.home.newest, '/audio', await bookCards({ format: 'audiobook' }, 'newest')),
    ],
    ebook: async () => [
      shelf('popular-ebooks', mn.home.popular, '/book', await bookCards({ format: 'ebook' }, 'popular')),
      shelf('newest-ebooks', mn.home.newest, '/book', await bookCards({ format: 'ebook' }, 'newest')),
    ],
    summary: async () => [
      shelf('summaries', mn.home.summaries, '/summaries', cards.summaries(await repository.summaries(SHELF_SIZE))),
    ],
    english: async () => [
      shelf('english', mn.home.englishBooks, '/english-book', await bookCards({ kind: 'english_book' }, 'popular')),
    ],
    podcast: async () => [shelf('podcasts', mn.home.podcasts, '/podcast', await podcasts.seriesCards(SHELF_SIZE))],
  };

  // The feed is the same for every visitor until it is personalised; shelves move slowly.
  const feeds = Object.fromEntries(
    newsfeedTabs.map((tab) => [
      tab,
      caches.cached({ ttlMs: FEED_TTL_MS }, async (): Promise<NewsfeedTab> => {
        const shelves = await tabs[tab]();
        return { tab, shelves: shelves.filter((s) => s.items.length > 0) };
      }),
    ]),
  ) as Record<NewsfeedTab['tab'], () => Promise<NewsfeedTab>>;

  // Every page shows the category list, and it changes a few times a year: counting books per
  // category once a minute per process is plenty.
  const categories = caches.cached({ ttlMs: CATEGORIES_TTL_MS }, async (): Promise<Category[]> => {
    const rows = await repository.categories();
    return rows.map((row) => ({ id: row.id, title: row.title, slug: row.slug, books_count: row.booksCount }));
  });

  /** A shelf per category for one format: the category pages' recommendations. */
  const recommendations = {
    audiobook: async () => [
      shelf('recommend-audio', mn.home.popular, '/audio', await bookCards({ format: 'audiobook' }, 'popular')),
    ],
    ebook: async () => [
      shelf('recommend-ebook', mn.home.popular, '/book', await bookCards({ format: 'ebook' }, 'popular')),
    ],
    cat_abook: () => shelvesPerCategory('audiobook'),
    cat_ebook: () => shelvesPerCategory('ebook'),
  };

  async function shelvesPerCategory(format: 'audiobook' | 'ebook'): Promise<Shelf[]> {
    const top = (await categories()).filter((c) => c.books_count > 0).slice(0, 6);
    const shelves = await Promise.all(
      top.map(async (c) =>
        shelf(
          `${format}-${c.slug}`,
          c.title,
          `/category/${c.slug}`,
          await bookCards({ format, categoryId: c.id }, 'popular'),
        ),
      ),
    );
    return shelves.filter((s) => s.items.length > 0);
  }

  async function bookDetail(id: number, kind?: 'book' | 'english_book'): Promise<BookDetail> {
    const found = await repository.bookDetail(id);
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

  async function personDetail(key: Key, role: ContributorRole): Promise<PersonDetail> {
    const id = await repository.contributorId(key);
    const found = id === null ? null : await repository.contributor(id, role);
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
    id: number,
    type: 'all' | 'book' | 'summary' | 'podcast',
    page: number,
    perPage: number,
  ): Promise<Page<ShelfItem>> {
    if (!(await topics()).some((t) => t.id === id)) throw notFound();
    const { rows, total } = await repository.topicItems(
      id,
      type === 'all' ? undefined : type,
      perPage,
      (page - 1) * perPage,
    );
    const byType = groupBy(rows, (row) => row.itemType);
    const ids = (t: 'book' | 'summary' | 'podcast') => (byType.get(t) ?? []).map((row) => row.itemId);
    const [books, summaries, series] = await Promise.all([
      bookCardsByIds(ids('book')),
      summaryCardsByIds(ids('summary')),
      podcasts.seriesCardsByIds(ids('podcast')),
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

  // Editorial picks are the same for every visitor and change by hand: cached like the feed.
  const showcase = caches.cached(
    { ttlMs: FEED_TTL_MS },
    async () =>
      cards.books(await repository.showcase(), { shortDescription: true }) as (BookCard & {
        short_description: string;
      })[],
  );
  const topics = caches.cached({ ttlMs: FEED_TTL_MS }, async (): Promise<Topic[]> => {
    const rows = await repository.topics();
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      description: row.description,
      items_count: row.itemsCount,
    }));
  });
  /** one cached first page per existing topic (ids are checked first, so the map stays small) */
  const topicFirstPages = new Map<number, () => Promise<Topic & { items: ShelfItem[] }>>();

  // An author's (or a category's) most popular books are every one of its books' neighbours:
  // kept once for all of them, a long tail of book pages no longer asks for the same shelf
  // per book (for a prolific author, a few milliseconds of sorting every time).
  const popularShelves = caches.lru<string, BookCard[]>({ max: 5_000, ttlMs: DETAIL_TTL_MS });
  const popularBooks = (filter: BookFilter, limit: number) =>
    popularShelves.get(JSON.stringify([filter, limit]), () => bookCards(filter, 'popular', limit));

  async function related(id: number, type: 'semantic' | 'author' | 'category', take: number): Promise<BookCard[]> {
    const kind = await repository.bookKind(id);
    if (!kind) throw notFound();
    if (type === 'semantic') {
      const ids = await repository.relatedIds(id, take);
      // Until the related-books job has run for a new book, its authors' and category's books stand in.
      if (ids.length > 0) return bookCardsByIds(ids);
    }
    if (type === 'author' || type === 'semantic') {
      const authors = await repository.bookContributors([id]);
      const byAuthor = authors[0]
        ? await popularBooks({ contributor: { id: authors[0].id, role: 'author' } }, take + 1)
        : [];
      const others = byAuthor.filter((b) => b.id !== id).slice(0, take);
      if (type === 'author' || others.length >= take) return others;
    }
    const [category] = await repository.bookCategories(id);
    if (!category) return [];
    return (await popularBooks({ categoryId: category.id, kind }, take + 1)).filter((b) => b.id !== id).slice(0, take);
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
  const relatedLists = caches.lru<string, BookCard[]>({ max: 5_000, ttlMs: DETAIL_TTL_MS });

  async function requireId(lookup: Promise<number | null>): Promise<number> {
    const id = await lookup;
    if (id === null) throw notFound();
    return id;
  }

  return {
    categories,
    newsfeedTab: (tab: NewsfeedTab['tab']): Promise<NewsfeedTab> => feeds[tab](),
    recommend: (kind: keyof typeof recommendations): Promise<Shelf[]> => recommendations[kind](),

    async tags(take: number) {
      const rows = await repository.tags(take);
      return rows.map((row) => ({ id: row.id, name: row.name, slug: row.slug, books_count: row.booksCount }));
    },

    showcase,

    bookCardsByIds,
    summaryCardsByIds,
    /** cards from the catalogue's published card rows (read by another module's statement) */
    bookCardsOf: (rows: BookCardRow[]): BookCard[] => cards.books(rows),
    summaryCardsOf: (rows: SummaryCardRow[]): SummaryCard[] => cards.summaries(rows),
    /** what search indexes: published books and summaries, a batch at a time in id order */
    searchCorpusBooks: repository.searchCorpusBooks,
    searchCorpusSummaries: repository.searchCorpusSummaries,

    async book(key: Key, kind?: 'book' | 'english_book'): Promise<BookDetail> {
      // An id goes straight to the one detail query; a slug (current or earlier) is resolved first.
      const id = 'id' in key ? key.id : await requireId(repository.bookId(key, kind));
      return bookDetails.get(`${kind ?? 'any'}:${id}`, () => bookDetail(id, kind));
    },

    related: (id: number, type: 'semantic' | 'author' | 'category', take: number): Promise<BookCard[]> =>
      relatedLists.get(`${type}:${id}:${take}`, () => related(id, type, take)),

    async listBooks(filter: BookFilter & { categorySlug?: string }, options: ListOptions): Promise<Page<BookCard>> {
      const { categorySlug, ...rest } = filter;
      const categoryId = categorySlug ? await requireId(repository.categoryId(categorySlug)) : undefined;
      return bookPage({ ...rest, ...(categoryId ? { categoryId } : {}) }, options);
    },

    author: (key: Key) => personDetail(key, 'author'),
    narrator: (key: Key) => personDetail(key, 'narrator'),

    async contributorBooks(id: number, role: ContributorRole, options: ListOptions): Promise<Page<BookCard>> {
      await requireId(repository.contributorId({ id }));
      return bookPage({ contributor: { id, role } }, options);
    },

    async publisher(key: Key) {
      const id = await requireId(repository.publisherId(key));
      const found = await repository.publisher(id);
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

    async publisherBooks(id: number, options: ListOptions): Promise<Page<BookCard>> {
      await requireId(repository.publisherId({ id }));
      return bookPage({ publisherId: id }, options);
    },

    async summaries(page: number, perPage: number): Promise<Page<SummaryCard>> {
      const [rows, total] = await Promise.all([
        repository.summaries(perPage, (page - 1) * perPage),
        repository.countSummaries(),
      ]);
      return pageOf(cards.summaries(rows), page, perPage, total);
    },

    async summary(key: Key): Promise<SummaryDetail> {
      const id = await requireId(repository.summaryId(key));
      const found = await repository.summary(id);
      if (!found) throw notFound();
      const { summary: row, offers } = found;
      const [[card], categoryRows, book] = await Promise.all([
        summaryCardsByIds([id]),
        repository.summaryCategories(id),
        row.bookId ? bookCardsByIds([row.bookId]) : Promise.resolve([]),
      ]);
      if (!card) throw notFound();
      return {
        ...card,
        description: row.description,
        body: row.body,
        audio_duration_seconds: row.audioDurationSeconds,
        book: book[0] ?? null,
        categories: categoryRows,
        offers: offers.map(toOffer),
        published_at: row.publishedAt.toISOString(),
        web_link: `/summary/${row.slug}`,
      };
    },

    async bundlesOf(kind: 'book' | 'summary', id: number): Promise<BundleCard[]> {
      await requireId(kind === 'book' ? repository.bookId({ id }) : repository.summaryId({ id }));
      return Promise.all((await commerce.bundlesContaining(kind, id)).map(bundleCard));
    },

    async bundle(key: Key): Promise<BundleDetail> {
      const bundle = await commerce.bundle(key);
      if (!bundle) throw notFound();
      const items =
        bundle.kind === 'book' ? await bookCardsByIds(bundle.itemIds) : await summaryCardsByIds(bundle.itemIds);
      const offers = await commerce.offersFor(bundle.kind, bundle.itemIds);
      // What the items would cost one by one: the cheapest purchase price of each.
      const itemsValue = bundle.itemIds.reduce((sum, itemId) => {
        const prices = (offers.get(itemId) ?? []).flatMap((o) => (o.price_mnt === null ? [] : [o.price_mnt]));
        return sum + (prices.length ? Math.min(...prices) : 0);
      }, 0);
      return {
        ...(await bundleCard(bundle)),
        description: bundle.description,
        items,
        items_value_mnt: itemsValue,
        web_link: bundle.kind === 'book' ? `/bundle/${bundle.slug}` : `/bundleSummary/${bundle.slug}`,
      };
    },

    topics,

    /** a topic with its first items, as the home page shows it (cached per topic) */
    async topic(id: number): Promise<Topic & { items: ShelfItem[] }> {
      if (!(await topics()).some((t) => t.id === id)) throw notFound();
      let first = topicFirstPages.get(id);
      if (!first) {
        first = caches.cached({ ttlMs: FEED_TTL_MS }, async () => {
          const topic = (await topics()).find((t) => t.id === id);
          if (!topic) throw notFound();
          return { ...topic, items: (await topicItems(id, 'all', 1, TOPIC_FIRST_PAGE)).data };
        });
        topicFirstPages.set(id, first);
      }
      return first();
    },

    topicItems,
  };
}

export type CatalogService = ReturnType<typeof catalogService>;
