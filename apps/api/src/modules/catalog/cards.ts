import type { Availability, BookCard, Offer, RatingSummary, SummaryCard } from '@nomsan/contracts/catalog';
import { coverImage } from '../../lib/media-urls';
import type { CatalogRepository } from './catalog.repository';

type BookRow = Awaited<ReturnType<CatalogRepository['books']>>[number];
type SummaryRow = Awaited<ReturnType<CatalogRepository['summaries']>>[number];
type Offers = Map<number, Offer[]>;

export interface CardSources {
  repository: CatalogRepository;
  mediaBaseUrl: string;
  /** the commerce domain's offers of many items at once */
  offersFor(itemType: 'book' | 'summary', ids: number[]): Promise<Map<number, Offer[]>>;
  toAvailability(offers: Offer[]): Availability;
}

/**
 * Turns rows (which carry their authors) into the cards every list shows, with the offers of
 * all of them fetched in one query, or handed in when they were fetched alongside the rows.
 */
export function cardBuilder({ repository, mediaBaseUrl, offersFor, toAvailability }: CardSources) {
  async function books(
    rows: BookRow[],
    options: { shortDescription?: boolean; likes?: boolean } = {},
    known?: Offers,
  ): Promise<BookCard[]> {
    const offers =
      known ??
      (await offersFor(
        'book',
        rows.map((row) => row.id),
      ));
    return rows.map((row) => ({
      ...bookCard(row, row.authors, mediaBaseUrl, toAvailability(offers.get(row.id) ?? [])),
      ...(options.shortDescription ? { short_description: row.shortDescription } : {}),
      ...(options.likes ? { likes_count: row.likesCount } : {}),
    }));
  }

  async function summaries(rows: SummaryRow[], known?: Offers): Promise<SummaryCard[]> {
    const offers =
      known ??
      (await offersFor(
        'summary',
        rows.map((row) => row.id),
      ));
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      type: 'summary' as const,
      title: row.title,
      authors: row.authors.map(({ id, name, slug }) => ({ id, name, slug })),
      cover: coverImage(mediaBaseUrl, row.coverKey, row.coverColor, 'square'),
      reading_minutes: row.readingMinutes,
      availability: toAvailability(offers.get(row.id) ?? []),
    }));
  }

  return {
    books,
    summaries,

    /** cards of the published books among `ids`, in no particular order: rows and offers in parallel */
    async booksByIds(ids: number[]): Promise<BookCard[]> {
      const [rows, offers] = await Promise.all([repository.booksByIds(ids), offersFor('book', ids)]);
      return books(rows, {}, offers);
    },

    async summariesByIds(ids: number[]): Promise<SummaryCard[]> {
      const [rows, offers] = await Promise.all([repository.summariesByIds(ids), offersFor('summary', ids)]);
      return summaries(rows, offers);
    },
  };
}

export function bookCard(
  row: BookRow,
  authors: { id: number; name: string; slug: string }[],
  mediaBaseUrl: string,
  availability: Availability,
): BookCard {
  return {
    id: row.id,
    slug: row.slug,
    type: row.kind,
    title: row.title,
    authors: authors.map(({ id, name, slug }) => ({ id, name, slug })),
    cover: coverImage(mediaBaseUrl, row.coverKey, row.coverColor, 'book'),
    formats: [
      ...(row.durationSeconds !== null ? (['audiobook'] as const) : []),
      ...(row.pages !== null ? (['ebook'] as const) : []),
    ],
    duration_seconds: row.durationSeconds,
    pages: row.pages,
    rating: Math.round(row.ratingAvg * 10) / 10,
    availability,
  };
}

/** Average, count and 1..5 star distribution from per-rating counts. */
export function ratingSummary(rows: { rating: number; n: number }[]): RatingSummary {
  const distribution = [0, 0, 0, 0, 0];
  for (const row of rows) distribution[row.rating - 1] = Number(row.n);
  const count = distribution.reduce((a, b) => a + b, 0);
  const sum = distribution.reduce((acc, n, i) => acc + n * (i + 1), 0);
  return { average: count ? Math.round((sum / count) * 10) / 10 : 0, count, distribution };
}
