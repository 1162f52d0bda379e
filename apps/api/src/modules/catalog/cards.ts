import type { Availability, BookCard, Offer, RatingSummary, SummaryCard } from '@nomsan/contracts/catalog';
import { groupBy } from '../../lib/group-by';
import { coverImage } from '../../lib/media-urls';
import type { CatalogRepository } from './catalog.repository';

type BookRow = Awaited<ReturnType<CatalogRepository['books']>>[number];
type SummaryRow = Awaited<ReturnType<CatalogRepository['summaries']>>[number];

export interface CardSources {
  repository: CatalogRepository;
  mediaBaseUrl: string;
  /** the commerce domain's offers of many items at once */
  offersFor(itemType: 'book' | 'summary', ids: number[]): Promise<Map<number, Offer[]>>;
  toAvailability(offers: Offer[]): Availability;
}

/**
 * Turns rows into the cards every list shows, with all their authors and offers fetched in one
 * query each.
 */
export function cardBuilder({ repository, mediaBaseUrl, offersFor, toAvailability }: CardSources) {
  return {
    async books(rows: BookRow[], options: { shortDescription?: boolean; likes?: boolean } = {}) {
      const ids = rows.map((row) => row.id);
      const [contributors, offers] = await Promise.all([repository.bookContributors(ids), offersFor('book', ids)]);
      const authors = groupBy(contributors, (a) => a.bookId);
      return rows.map((row) => ({
        ...bookCard(row, authors.get(row.id) ?? [], mediaBaseUrl, toAvailability(offers.get(row.id) ?? [])),
        ...(options.shortDescription ? { short_description: row.shortDescription } : {}),
        ...(options.likes ? { likes_count: row.likesCount } : {}),
      }));
    },

    async summaries(rows: SummaryRow[]): Promise<SummaryCard[]> {
      const ids = rows.map((row) => row.id);
      const [contributors, offers] = await Promise.all([repository.summaryAuthors(ids), offersFor('summary', ids)]);
      const authors = groupBy(contributors, (a) => a.summaryId);
      return rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        type: 'summary' as const,
        title: row.title,
        authors: (authors.get(row.id) ?? []).map(({ id, name, slug }) => ({ id, name, slug })),
        cover: coverImage(mediaBaseUrl, row.coverKey, row.coverColor, 'square'),
        reading_minutes: row.readingMinutes,
        availability: toAvailability(offers.get(row.id) ?? []),
      }));
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
