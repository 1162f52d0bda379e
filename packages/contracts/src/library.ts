import { z } from 'zod';
import { bookCard, image } from './catalog';
import { envelope, MAX_ID, paginated, queryInt } from './http';
import { mn } from './messages';

/**
 * The member's own place in what they listen to and read: positions (synced across devices,
 * the newest change wins), bookmarks, highlights and minutes listened per day.
 */
export const titleTypes = ['book', 'summary'] as const;
export const titleFormats = ['audiobook', 'ebook', 'summary'] as const;
export type TitleType = (typeof titleTypes)[number];
export type TitleFormat = (typeof titleFormats)[number];

const itemId = z.number().int().min(1).max(MAX_ID);
/** seconds into the title's audio (the whole title, not the chapter) */
const seconds = z.number().min(0).max(1_000_000);
/** where the reader is or what a highlight spans: an EPUB CFI (or a range of one) */
const locator = z.string().trim().min(1).max(1_000);
/** a moment on the client's clock when the change was made: ordering across devices */
const changedAt = z.iso.datetime({ offset: true });

export const titleQuery = z.object({
  item_type: z.enum(titleTypes),
  item_id: queryInt(1, MAX_ID),
});

export const position = z.object({
  item_type: z.enum(titleTypes),
  item_id: itemId,
  format: z.enum(titleFormats),
  /** the chapter (1-based) the place is in, when the title has chapters */
  chapter: z.number().int().min(1).max(10_000).nullable(),
  seconds,
  locator: locator.nullable(),
  /** how far through the title, 0 to 1 */
  progress: z.number().min(0).max(1),
  speed: z.number().min(0.5).max(3.5),
  changed_at: changedAt,
});
export type Position = z.infer<typeof position>;

export const positionRequest = position.extend({
  /** seconds actually listened since the device's last save (counted per day; at most 15 min) */
  listened_seconds: z.number().min(0).max(900).optional(),
});
export type PositionRequest = z.input<typeof positionRequest>;
export const positionsResponse = envelope(z.array(position));
/** the position now kept; `applied` is false when a newer one from another device was kept */
export const savePositionResponse = envelope(z.object({ position, applied: z.boolean() }));

export const recentItem = position.extend({
  title: z.string(),
  cover: image,
  /** the title's page */
  web_link: z.string(),
});
export type RecentItem = z.infer<typeof recentItem>;
export const recentQuery = z.object({ limit: queryInt(1, 50).default(12) });
export const recentResponse = envelope(z.array(recentItem));

export const listeningStatsQuery = z.object({ days: queryInt(1, 90).default(14) });
export const listeningStatsResponse = envelope(
  z.object({
    days: z.array(z.object({ date: z.iso.date(), seconds: z.number().int() })),
    total_seconds: z.number().int(),
  }),
);

export const bookmarkRequest = z.object({
  item_type: z.enum(titleTypes),
  item_id: itemId,
  format: z.enum(titleFormats),
  chapter: z.number().int().min(1).max(10_000).nullable(),
  seconds,
  locator: locator.nullable(),
  note: z.string().trim().max(500).default(''),
});
export type BookmarkRequest = z.input<typeof bookmarkRequest>;
export const bookmark = bookmarkRequest.extend({ id: itemId, created_at: z.string() });
export type Bookmark = z.infer<typeof bookmark>;
export const bookmarksResponse = envelope(z.array(bookmark));
export const bookmarkResponse = envelope(bookmark);

export const highlightColors = ['yellow', 'green', 'blue', 'pink'] as const;
export const highlightRequest = z.object({
  item_type: z.enum(titleTypes),
  item_id: itemId,
  /** the highlighted range, an EPUB CFI range */
  locator,
  text: z.string().trim().min(1).max(2_000),
  note: z.string().trim().max(1_000).default(''),
  color: z.enum(highlightColors).default('yellow'),
});
export const highlightPatch = z
  .object({ note: z.string().trim().max(1_000), color: z.enum(highlightColors) })
  .partial()
  .refine((patch) => patch.note !== undefined || patch.color !== undefined);
export type HighlightRequest = z.input<typeof highlightRequest>;
export type HighlightPatch = z.input<typeof highlightPatch>;
export const highlight = highlightRequest.extend({ id: itemId, created_at: z.string(), updated_at: z.string() });
export type Highlight = z.infer<typeof highlight>;
export const highlightsResponse = envelope(z.array(highlight));
export const highlightResponse = envelope(highlight);

// ---------------------------------------------------------------------------------------------
// Wishlist and book impressions (likes): the member's own marks on books, never in a cached page

/** a book (or an English book) of the catalogue */
const bookId = z.number().int().min(1, { error: mn.validation.idNotPositive }).max(MAX_ID, {
  error: mn.validation.idTooLarge,
});

/** `POST /v5/wishlists`: keep a book; keeping it again is not an error (the same entry answers) */
export const wishlistRequest = z.object({ book_id: bookId }).strict();
export type WishlistRequest = z.input<typeof wishlistRequest>;

/** a book the member keeps, with its card (price, formats) as the catalogue shows it now */
export const wishlistEntry = z.object({
  book_id: z.number().int(),
  /** when the member first kept it */
  created_at: z.string(),
  book: bookCard,
});
export type WishlistEntry = z.infer<typeof wishlistEntry>;
export const wishlistEntryResponse = envelope(wishlistEntry);

export const WISHLIST_PAGE_SIZE = 24;
export const wishlistQuery = z.object({
  page: queryInt(1, 100_000).default(1),
  'page[size]': queryInt(1, 100).default(WISHLIST_PAGE_SIZE),
});
/** newest first */
export const wishlistResponse = paginated(wishlistEntry);

/** the most books one `book-state` call answers for (a page of cards asks in batches) */
export const MAX_BOOK_STATE_IDS = 100;
const BOOK_ID_LIST = new RegExp(`^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,${MAX_BOOK_STATE_IDS - 1}}$`);
export const bookStateQuery = z.object({
  /** comma-separated book ids, at most 100 */
  book_id: z
    .string()
    .regex(BOOK_ID_LIST, { error: mn.validation.invalidId })
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .pipe(z.array(z.number().max(MAX_ID, { error: mn.validation.idTooLarge }))),
});
/** which of the books asked about the member keeps and likes */
export const bookState = z.object({
  wishlisted: z.array(z.number().int()),
  impressed: z.array(z.number().int()),
});
export type BookState = z.infer<typeof bookState>;
export const bookStateResponse = envelope(bookState);

/** `POST /v4/books/impression`: like a book; liking it again changes nothing */
export const impressionRequest = z.object({ book_id: bookId }).strict();
export type ImpressionRequest = z.input<typeof impressionRequest>;
/** `DELETE /v4/books/impression?book_id=` */
export const impressionQuery = z.object({ book_id: queryInt(1, MAX_ID) });
/** the member's like after the call, and the book's likes count with it */
export const impression = z.object({
  book_id: z.number().int(),
  impressed: z.boolean(),
  likes_count: z.number().int(),
});
export type Impression = z.infer<typeof impression>;
export const impressionResponse = envelope(impression);
