import {
  newsfeedTabs,
  type BookCard,
  type Category,
  type NewsfeedTab,
  type Shelf,
  type SummaryCard,
} from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import type { ApiContext } from '../../context';
import type { PodcastsService } from '../podcasts/podcasts.service';
import { catalogRepository, type BookFilter, type BookOrder } from './catalog.repository';
import { cached } from '../../lib/cached';
import { groupBy } from '../../lib/group-by';
import { coverImage } from './media-urls';

const SHELF_SIZE = 12;
const CATEGORIES_TTL_MS = 60_000;
const FEED_TTL_MS = 30_000;

export function catalogService(context: ApiContext, podcasts: PodcastsService) {
  const repository = catalogRepository(context.db.db);
  const cover = (key: string | null, color: string, shape: 'book' | 'square') =>
    coverImage(context.mediaBaseUrl, key, color, shape);

  async function bookCards(filter: BookFilter, order: BookOrder, limit = SHELF_SIZE): Promise<BookCard[]> {
    const rows = await repository.books(filter, order, limit);
    const authors = groupBy(await repository.bookAuthors(rows.map((row) => row.id)), (author) => author.bookId);
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      type: row.kind,
      title: row.title,
      authors: (authors.get(row.id) ?? []).map(({ id, name, slug }) => ({ id, name, slug })),
      cover: cover(row.coverKey, row.coverColor, 'book'),
      formats: [
        ...(row.durationSeconds !== null ? (['audiobook'] as const) : []),
        ...(row.pages !== null ? (['ebook'] as const) : []),
      ],
      duration_seconds: row.durationSeconds,
      pages: row.pages,
      rating: Math.round(row.ratingAvg * 10) / 10,
    }));
  }

  async function summaryCards(limit = SHELF_SIZE): Promise<SummaryCard[]> {
    const rows = await repository.summaries(limit);
    const authors = groupBy(await repository.summaryAuthors(rows.map((row) => row.id)), (a) => a.summaryId);
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      type: 'summary' as const,
      title: row.title,
      authors: (authors.get(row.id) ?? []).map(({ id, name, slug }) => ({ id, name, slug })),
      cover: cover(row.coverKey, row.coverColor, 'square'),
      reading_minutes: row.readingMinutes,
    }));
  }

  const shelf = (id: string, title: string, link: string | null, items: Shelf['items']): Shelf => ({
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
        summaryCards(),
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
    summary: async () => [shelf('summaries', mn.home.summaries, '/summaries', await summaryCards())],
    english: async () => [
      shelf('english', mn.home.englishBooks, '/english-book', await bookCards({ kind: 'english_book' }, 'popular')),
    ],
    podcast: async () => [shelf('podcasts', mn.home.podcasts, '/podcast', await podcasts.seriesCards(SHELF_SIZE))],
  };

  // The feed is the same for every visitor until it is personalised; shelves move slowly.
  const feeds = Object.fromEntries(
    newsfeedTabs.map((tab) => [
      tab,
      cached(FEED_TTL_MS, async (): Promise<NewsfeedTab> => {
        const shelves = await tabs[tab]();
        return { tab, shelves: shelves.filter((s) => s.items.length > 0) };
      }),
    ]),
  ) as Record<NewsfeedTab['tab'], () => Promise<NewsfeedTab>>;

  // Every page shows the category list, and it changes a few times a year: counting books per
  // category once a minute per process is plenty.
  const categories = cached(CATEGORIES_TTL_MS, async (): Promise<Category[]> => {
    const rows = await repository.categories();
    return rows.map((row) => ({ id: row.id, title: row.title, slug: row.slug, books_count: row.booksCount }));
  });

  return {
    categories,

    newsfeedTab: (tab: NewsfeedTab['tab']): Promise<NewsfeedTab> => feeds[tab](),
  };
}
