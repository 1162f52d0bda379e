import { z } from 'zod';
import { envelope, MAX_ID, paginated, queryInt } from './http';

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

export const subscriptionScope = z.enum(['audio', 'ebook', 'summary', 'credit']);
export type SubscriptionScope = z.infer<typeof subscriptionScope>;

/** How an item in a list can be had, in short: its cheapest terms over all its formats. */
export const availability = z.object({
  /** lowest purchase price, null when it cannot be bought outright */
  price_mnt: z.number().int().nullable(),
  /** that offer's list price when it is discounted */
  original_price_mnt: z.number().int().nullable(),
  credit_price: z.number().int().nullable(),
  rentable: z.boolean(),
  subscription_scopes: z.array(subscriptionScope),
});
export type Availability = z.infer<typeof availability>;

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
  availability,
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
  availability,
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

/** A book card narrowed to each of its two types, for lists that mix books with other items. */
export const typedBookCards = [
  bookCard.extend({ type: z.literal('book') }),
  bookCard.extend({ type: z.literal('english_book') }),
] as const;

export const shelfItem = z.discriminatedUnion('type', [...typedBookCards, summaryCard, podcastCard]);
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

// ---------------------------------------------------------------------------------------------
// Detail read models (issue: catalogue and discovery)

/** One way to get one format of an item: buy, unlock with credits, rent, or a subscription. */
export const offer = z.object({
  format: z.enum(['audiobook', 'ebook', 'summary', 'bundle']),
  price_mnt: z.number().int().nullable(),
  original_price_mnt: z.number().int().nullable(),
  discount_percentage: z.number().int().nullable(),
  credit_price: z.number().int().nullable(),
  rental: z.object({ price_mnt: z.number().int(), days: z.number().int() }).nullable(),
  subscription_scopes: z.array(subscriptionScope),
});
export type Offer = z.infer<typeof offer>;

export const ratingSummary = z.object({
  average: z.number(),
  count: z.number().int(),
  /** counts of 1..5 star ratings, index 0 is one star */
  distribution: z.array(z.number().int()).length(5),
});
export type RatingSummary = z.infer<typeof ratingSummary>;

export const categoryRef = z.object({ id: z.number().int(), title: z.string(), slug: z.string() });
export const tagRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export const tag = tagRef.extend({ books_count: z.number().int() });
export const tagsResponse = envelope(z.array(tag));
export const tagsQuery = z.object({ take: queryInt(1, 100).default(10) });

export const chapter = z.object({
  position: z.number().int(),
  title: z.string(),
  start_seconds: z.number().int(),
  duration_seconds: z.number().int(),
});

export const bookDetail = bookCard.extend({
  subtitle: z.string().nullable(),
  description: z.string(),
  short_description: z.string(),
  language: z.string(),
  english_level: z.string().nullable(),
  published_year: z.number().int().nullable(),
  published_at: z.string(),
  narrators: z.array(personRef),
  translators: z.array(personRef),
  publisher: personRef.nullable(),
  series: z
    .object({ id: z.number().int(), name: z.string(), slug: z.string(), position: z.number().int().nullable() })
    .nullable(),
  categories: z.array(categoryRef),
  tags: z.array(tagRef),
  audiobook: z
    .object({ duration_seconds: z.number().int(), sample_seconds: z.number().int(), chapters: z.array(chapter) })
    .nullable(),
  ebook: z.object({ pages: z.number().int() }).nullable(),
  offers: z.array(offer),
  rating_summary: ratingSummary,
  likes_count: z.number().int(),
  web_link: z.string(),
});
export type BookDetail = z.infer<typeof bookDetail>;
export const bookDetailResponse = envelope(bookDetail);

export const showcaseItem = bookCard.extend({ short_description: z.string() });
export const showcaseResponse = envelope(z.array(showcaseItem));

export const relatedTypes = ['semantic', 'author', 'category'] as const;
export const relatedQuery = z.object({
  type: z.enum(relatedTypes).default('semantic'),
  take: queryInt(1, 50).default(12),
});
export const relatedResponse = envelope(z.array(bookCard));

export const personDetail = personRef.extend({
  bio: z.string(),
  photo: image,
  likes_count: z.number().int(),
  books_count: z.number().int(),
});
export type PersonDetail = z.infer<typeof personDetail>;
export const personDetailResponse = envelope(personDetail);

/** a book in a list; `append=short_description` and `include=likes_count` add those fields */
export const bookWithShortDescription = bookCard.extend({
  short_description: z.string().optional(),
  likes_count: z.number().int().optional(),
});
export const bookListResponse = paginated(bookWithShortDescription);

/** A page of a list of books or summaries, and what each card carries. */
export const listQuery = z.object({
  page: queryInt(1, 100_000).default(1),
  'page[size]': queryInt(1, 100).default(24),
  sort: z.enum(['popular', 'newest']).default('popular'),
  include: z.enum(['likes_count']).optional(),
  append: z.enum(['short_description']).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const booksQuery = listQuery.extend({
  'filter[category]': z
    .string()
    .regex(/^[a-z0-9-]{1,120}$/)
    .optional(),
  'filter[format]': bookFormat.optional(),
});

export const personQuery = z.object({ include: z.enum(['likes_count']).optional() });

export const publisherDetail = personRef.extend({
  description: z.string(),
  logo: image,
  books_count: z.number().int(),
});
export const publisherDetailResponse = envelope(publisherDetail);

export const summaryDetail = summaryCard.extend({
  description: z.string(),
  body: z.array(z.string()),
  audio_duration_seconds: z.number().int(),
  book: bookCard.nullable(),
  categories: z.array(categoryRef),
  offers: z.array(offer),
  published_at: z.string(),
  web_link: z.string(),
});
export type SummaryDetail = z.infer<typeof summaryDetail>;
export const summaryDetailResponse = envelope(summaryDetail);
export const summaryListResponse = paginated(summaryCard);

export const bundleCard = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.literal('bundle'),
  kind: z.enum(['book', 'summary']),
  title: z.string(),
  cover: image,
  items_count: z.number().int(),
  offer: offer.nullable(),
});
export type BundleCard = z.infer<typeof bundleCard>;
export const bundleListResponse = envelope(z.array(bundleCard));

export const bundleDetail = bundleCard.extend({
  description: z.string(),
  items: z.array(z.union([bookCard, summaryCard])),
  /** what the items cost one by one, to show the saving */
  items_value_mnt: z.number().int(),
  web_link: z.string(),
});
export type BundleDetail = z.infer<typeof bundleDetail>;
export const bundleDetailResponse = envelope(bundleDetail);

export const reviewReply = z.object({
  id: z.number().int(),
  author_name: z.string(),
  is_staff: z.boolean(),
  body: z.string(),
  created_at: z.string(),
});
export const review = z.object({
  id: z.number().int(),
  author_name: z.string(),
  rating: z.number().int().min(1).max(5),
  body: z.string(),
  created_at: z.string(),
  replies_count: z.number().int(),
  latest_five_replies: z.array(reviewReply).optional(),
});
export type Review = z.infer<typeof review>;
export const reviewsQuery = z.object({
  reviewable_type: z.enum(['book', 'summary']),
  reviewable_id: queryInt(1, MAX_ID),
  include: z.string().optional(),
  page: queryInt(1, 100_000).default(1),
});
export const reviewsResponse = z.object({
  data: z.object({
    data: z.array(review),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    rating: ratingSummary,
  }),
});

export const recommendKinds = ['audiobook', 'ebook', 'cat_abook', 'cat_ebook'] as const;
export const recommendParams = z.object({ kind: z.enum(recommendKinds) });
export const recommendResponse = envelope(z.array(shelf));

export const topic = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  items_count: z.number().int(),
});
export type Topic = z.infer<typeof topic>;
export const topicsResponse = envelope(z.array(topic));
export const topicResponse = envelope(topic.extend({ items: z.array(shelfItem) }));
export const topicablesQuery = z.object({
  type: z.enum(['all', 'book', 'summary', 'podcast']).default('all'),
  page_size: queryInt(1, 100).default(20),
  page: queryInt(1, 100_000).default(1),
});
export const topicablesResponse = paginated(shelfItem);
