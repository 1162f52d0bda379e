import { z } from 'zod';
import { envelope } from './http';

/** Catalogue read models shared by the API (serialisation) and the web (typed client). */

export const image = z.object({
  /** placeholder colour shown while the image loads */
  color: z.string(),
  /** intrinsic size of the largest rendition; pages set width/height from the ratio */
  width: z.number().int(),
  height: z.number().int(),
  sm: z.string(),
  md: z.string(),
  lg: z.string(),
});
export type Image = z.infer<typeof image>;

export const category = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  books_count: z.number().int(),
});
export type Category = z.infer<typeof category>;
export const categoriesResponse = envelope(z.array(category));

export const personRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type PersonRef = z.infer<typeof personRef>;

export const bookFormat = z.enum(['audiobook', 'ebook']);
export type BookFormat = z.infer<typeof bookFormat>;

export const bookCard = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.enum(['book', 'english_book']),
  title: z.string(),
  authors: z.array(personRef),
  cover: image,
  formats: z.array(bookFormat),
  duration_seconds: z.number().int().nullable(),
  pages: z.number().int().nullable(),
  rating: z.number(),
});
export type BookCard = z.infer<typeof bookCard>;

export const summaryCard = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.literal('summary'),
  title: z.string(),
  authors: z.array(personRef),
  cover: image,
  reading_minutes: z.number().int(),
});
export type SummaryCard = z.infer<typeof summaryCard>;

export const podcastCard = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.literal('podcast'),
  title: z.string(),
  author: z.string(),
  cover: image,
  episodes_count: z.number().int(),
});
export type PodcastCard = z.infer<typeof podcastCard>;

export const shelfItem = z.discriminatedUnion('type', [
  bookCard.extend({ type: z.literal('book') }),
  bookCard.extend({ type: z.literal('english_book') }),
  summaryCard,
  podcastCard,
]);
export type ShelfItem = z.infer<typeof shelfItem>;

export const shelf = z.object({
  id: z.string(),
  title: z.string(),
  /** where "see all" goes */
  link: z.string().nullable(),
  items: z.array(shelfItem),
});
export type Shelf = z.infer<typeof shelf>;

export const newsfeedTabs = ['for-you', 'audio', 'ebook', 'summary', 'english', 'podcast'] as const;
export const newsfeedTabParams = z.object({ tab: z.enum(newsfeedTabs) });
export const newsfeedTab = z.object({ tab: z.enum(newsfeedTabs), shelves: z.array(shelf) });
export const newsfeedTabResponse = envelope(newsfeedTab);
export type NewsfeedTab = z.infer<typeof newsfeedTab>;
