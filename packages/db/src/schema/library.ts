import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Library domain: the member's own place in what they listen to and read. A position is one row
 * per title and format, replaced only by a change made later (the newest wins across devices).
 */

const itemType = () => text('item_type', { enum: ['book', 'summary'] }).notNull();
const format = () => text('format', { enum: ['audiobook', 'ebook', 'summary'] }).notNull();

export const libraryPosition = pgTable(
  'library_position',
  {
    userId: integer('user_id').notNull(),
    itemType: itemType(),
    itemId: integer('item_id').notNull(),
    format: format(),
    chapter: integer('chapter'),
    seconds: doublePrecision('seconds').notNull().default(0),
    locator: text('locator'),
    progress: real('progress').notNull().default(0),
    speed: real('speed').notNull().default(1),
    /** when the change was made, on the device's clock: what "newest" means */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemType, t.itemId, t.format] }),
    index('library_position_recent_idx').on(t.userId, t.changedAt.desc()),
    // who has started a title (told when it leaves the catalogue)
    index('library_position_title_idx').on(t.itemType, t.itemId),
  ],
);

export const libraryBookmark = pgTable(
  'library_bookmark',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    itemType: itemType(),
    itemId: integer('item_id').notNull(),
    format: format(),
    chapter: integer('chapter'),
    seconds: doublePrecision('seconds').notNull().default(0),
    locator: text('locator'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('library_bookmark_title_idx').on(t.userId, t.itemType, t.itemId)],
);

export const libraryHighlight = pgTable(
  'library_highlight',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    itemType: itemType(),
    itemId: integer('item_id').notNull(),
    locator: text('locator').notNull(),
    text: text('text').notNull(),
    note: text('note').notNull().default(''),
    color: text('color', { enum: ['yellow', 'green', 'blue', 'pink'] })
      .notNull()
      .default('yellow'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('library_highlight_title_idx').on(t.userId, t.itemType, t.itemId)],
);

/** seconds listened per member and Ulaanbaatar day */
export const libraryListeningDay = pgTable(
  'library_listening_day',
  {
    userId: integer('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    seconds: integer('seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** the books a member keeps to read or buy later ("Хадгалсан"); one row per member and book */
export const libraryWishlist = pgTable(
  'library_wishlist',
  {
    userId: integer('user_id').notNull(),
    bookId: integer('book_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bookId] }),
    index('library_wishlist_recent_idx').on(t.userId, t.createdAt.desc()),
    index('library_wishlist_book_idx').on(t.bookId),
  ],
);

/**
 * a member's like of a book (the spec's "book impression"); each row counts once in the
 * book's `likes_count`, added and taken off in the same transaction as the row
 */
export const libraryImpression = pgTable(
  'library_impression',
  {
    userId: integer('user_id').notNull(),
    bookId: integer('book_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bookId] })],
);
