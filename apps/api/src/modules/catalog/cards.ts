import type { Availability, BookCard, Offer, RatingSummary, SummaryCard } from '@nomsan/contracts/catalog';
import { coverImage } from '../../lib/media-urls';
import type { OfferTerms } from '../commerce/commerce.service';
import type { CatalogRepository } from './catalog.repository';

type BookRow = Awaited<ReturnType<CatalogRepository['books']>>[number];
type SummaryRow = Awaited<ReturnType<CatalogRepository['summaries']>>[number];

export interface CardSources {
  mediaBaseUrl: string;
  /** the commerce domain's terms (a row's `offers`) as the API shows them */
  toOffer(terms: OfferTerms): Offer;
  toAvailability(offers: Offer[]): Availability;
}

/** Turns rows (which carry their authors and offers) into the cards every list shows. */
export function cardBuilder({ mediaBaseUrl, toOffer, toAvailability }: CardSources) {
  const availability = (terms: OfferTerms[]) => toAvailability(terms.map(toOffer));

  function books(rows: BookRow[], options: { shortDescription?: boolean; likes?: boolean } = {}): BookCard[] {
    return rows.map((row) => ({
      ...bookCard(row, row.authors, mediaBaseUrl, availability(row.offers)),
      ...(options.shortDescription ? { short_description: row.shortDescription } : {}),
      ...(options.likes ? { likes_count: row.likesCount } : {}),
    }));
  }

  function summaries(rows: SummaryRow[]): SummaryCard[] {
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      type: 'summary' as const,
      title: row.title,
      authors: row.authors.map(({ id, name, slug }) => ({ id, name, slug })),
      cover: coverImage(mediaBaseUrl, row.coverKey, row.coverColor, 'square'),
      reading_minutes: row.readingMinutes,
      availability: availability(row.offers),
    }));
  }

  return { books, summaries };
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
