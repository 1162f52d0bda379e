import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Catalogue domain: what can be browsed. Prices live in commerce, plans in billing.
 * Descending index columns are NULLS FIRST, which is what a plain `ORDER BY x DESC` asks for:
 * an index with NULLS LAST cannot serve it, and the query sorts the whole table instead.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A contributor as a card shows them. */
export type CardPerson = { id: number; name: string; slug: string };

export const catalogPublisher = pgTable(
  'catalog_publisher',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    logoKey: text('logo_key'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('catalog_publisher_slug_uq').on(t.slug)],
);

/** Authors, narrators and translators are all contributors; the role lives on the link. */
export const catalogContributor = pgTable(
  'catalog_contributor',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    bio: text('bio').notNull().default(''),
    photoKey: text('photo_key'),
    likesCount: integer('likes_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('catalog_contributor_slug_uq').on(t.slug)],
);

export const catalogCategory = pgTable(
  'catalog_category',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    parentId: integer('parent_id'),
    position: smallint('position').notNull().default(0),
  },
  (t) => [uniqueIndex('catalog_category_slug_uq').on(t.slug)],
);

export const catalogTag = pgTable(
  'catalog_tag',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('catalog_tag_slug_uq').on(t.slug)],
);

export const catalogSeries = pgTable(
  'catalog_series',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('catalog_series_slug_uq').on(t.slug)],
);

/** A title. Its audio and e-book editions hang off it; English books are kind 'english_book'. */
export const catalogBook = pgTable(
  'catalog_book',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    kind: text('kind', { enum: ['book', 'english_book'] })
      .notNull()
      .default('book'),
    language: text('language').notNull().default('mn'),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    description: text('description').notNull().default(''),
    shortDescription: text('short_description').notNull().default(''),
    publisherId: integer('publisher_id').references(() => catalogPublisher.id),
    seriesId: integer('series_id').references(() => catalogSeries.id),
    seriesPosition: smallint('series_position'),
    publishedYear: smallint('published_year'),
    englishLevel: text('english_level'),
    coverKey: text('cover_key'),
    coverColor: text('cover_color').notNull().default('#d9e4ff'),
    popularity: integer('popularity').notNull().default(0),
    /** place in the home page's hero showcase; null when not shown there */
    showcasePosition: smallint('showcase_position'),
    ratingAvg: real('rating_avg').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    likesCount: integer('likes_count').notNull().default(0),
    // What the book's card shows from other tables: its authors (in order), its audio's
    // length and its e-book's pages. Triggers keep them true on every write to those tables
    // (migration 0011), so a card is this row and its offers, not six index lookups.
    cardAuthors: json('card_authors').$type<CardPerson[]>().notNull().default([]),
    audioSeconds: integer('audio_seconds'),
    ebookPages: integer('ebook_pages'),
    status: text('status', { enum: ['draft', 'published', 'withdrawn'] })
      .notNull()
      .default('published'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** a draft an editor scheduled: the catalogue's minute job publishes it then */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('catalog_book_slug_uq').on(t.slug),
    // the desk's list: newest changes first, and titles in code-point order (collation "C", the
    // same on every server), whose index also finds a title by its start in any letter case
    // (LIKE 'абв%' as a range: under a language's collation only a pattern-ops index can)
    // (NULLS FIRST, as `order by … desc` sorts: an index in another null order serves no page)
    index('catalog_book_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('catalog_book_title_order_idx').using('btree', sql`lower(${t.title}) collate "C"`, t.id),
    // ...the same within a status (drafts and withdrawn titles are few: walking the whole order
    // for them read every row), newest published first, and the few titles with no file yet
    index('catalog_book_status_title_idx').using('btree', t.status, sql`lower(${t.title}) collate "C"`, t.id),
    index('catalog_book_status_updated_idx').on(t.status, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('catalog_book_published_order_idx').on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('catalog_book_no_file_title_idx')
      .using('btree', sql`lower(${t.title}) collate "C"`, t.id)
      .where(sql`${t.audioSeconds} is null and ${t.ebookPages} is null`),
    index('catalog_book_no_file_updated_idx')
      .on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.audioSeconds} is null and ${t.ebookPages} is null`),
    index('catalog_book_no_file_published_idx')
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.audioSeconds} is null and ${t.ebookPages} is null`),
    index('catalog_book_publish_at_idx')
      .on(t.publishAt)
      .where(sql`${t.publishAt} is not null`),
    index('catalog_book_popularity_idx').on(t.status, t.popularity.desc().nullsFirst(), t.id),
    index('catalog_book_published_idx').on(t.status, t.publishedAt.desc().nullsFirst(), t.id),
    index('catalog_book_publisher_idx').on(t.publisherId),
    index('catalog_book_kind_popularity_idx').on(t.kind, t.status, t.popularity.desc().nullsFirst(), t.id),
    check('catalog_book_rating_ck', sql`${t.ratingAvg} >= 0 and ${t.ratingAvg} <= 5`),
  ],
);

/**
 * Where an imported title came from (docs/catalog-desk.md, "Importing a catalogue"): the ONIX
 * sender and the product's RecordReference, the key a later import of the same product finds
 * the title by (so it updates, never duplicates), and which format of the title it sells.
 */
export const catalogImportRecord = pgTable(
  'catalog_import_record',
  {
    source: text('source').notNull(),
    recordReference: text('record_reference').notNull(),
    bookId: integer('book_id')
      .notNull()
      .references(() => catalogBook.id, { onDelete: 'cascade' }),
    format: text('format', { enum: ['audiobook', 'ebook'] }).notNull(),
    isbn: text('isbn'),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.recordReference] }), index('catalog_import_record_book_idx').on(t.bookId)],
);

export const catalogBookContributor = pgTable(
  'catalog_book_contributor',
  {
    bookId: integer('book_id')
      .notNull()
      .references(() => catalogBook.id, { onDelete: 'cascade' }),
    contributorId: integer('contributor_id')
      .notNull()
      .references(() => catalogContributor.id),
    role: text('role', { enum: ['author', 'narrator', 'translator'] }).notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bookId, t.contributorId, t.role] }),
    index('catalog_book_contributor_contributor_idx').on(t.contributorId, t.role),
  ],
);

export const catalogBookCategory = pgTable(
  'catalog_book_category',
  {
    bookId: integer('book_id')
      .notNull()
      .references(() => catalogBook.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => catalogCategory.id),
  },
  (t) => [
    primaryKey({ columns: [t.bookId, t.categoryId] }),
    index('catalog_book_category_category_idx').on(t.categoryId),
  ],
);

export const catalogBookTag = pgTable(
  'catalog_book_tag',
  {
    bookId: integer('book_id')
      .notNull()
      .references(() => catalogBook.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => catalogTag.id),
  },
  (t) => [primaryKey({ columns: [t.bookId, t.tagId] }), index('catalog_book_tag_tag_idx').on(t.tagId)],
);

export const catalogAudioEdition = pgTable('catalog_audio_edition', {
  bookId: integer('book_id')
    .primaryKey()
    .references(() => catalogBook.id, { onDelete: 'cascade' }),
  durationSeconds: integer('duration_seconds').notNull(),
  sampleSeconds: integer('sample_seconds').notNull().default(300),
  /** media key of the source recording; packaging into DASH comes with the media domain */
  audioFile: text('audio_file').notNull(),
});

export const catalogAudioChapter = pgTable(
  'catalog_audio_chapter',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    bookId: integer('book_id')
      .notNull()
      .references(() => catalogAudioEdition.bookId, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    title: text('title').notNull(),
    startSeconds: integer('start_seconds').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
  },
  (t) => [uniqueIndex('catalog_audio_chapter_book_position_uq').on(t.bookId, t.position)],
);

export const catalogEbookEdition = pgTable('catalog_ebook_edition', {
  bookId: integer('book_id')
    .primaryKey()
    .references(() => catalogBook.id, { onDelete: 'cascade' }),
  pages: integer('pages').notNull(),
  epubFile: text('epub_file').notNull(),
  /** how many chapters from the first one a visitor may read (the editor chooses) */
  sampleChapters: smallint('sample_chapters').notNull().default(1),
});

/** A book summary (text and audio): its own product, optionally of a catalogue book. */
export const catalogSummary = pgTable(
  'catalog_summary',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    bookId: integer('book_id').references(() => catalogBook.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    body: text('body')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    readingMinutes: smallint('reading_minutes').notNull(),
    /** the recording: none yet on a draft the back office made (published summaries have one) */
    audioDurationSeconds: integer('audio_duration_seconds'),
    audioFile: text('audio_file'),
    coverKey: text('cover_key'),
    coverColor: text('cover_color').notNull().default('#d9e4ff'),
    popularity: integer('popularity').notNull().default(0),
    /** the card's authors, kept by triggers like the book's (migration 0011) */
    cardAuthors: json('card_authors').$type<CardPerson[]>().notNull().default([]),
    status: text('status', { enum: ['draft', 'published', 'withdrawn'] })
      .notNull()
      .default('published'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('catalog_summary_slug_uq').on(t.slug),
    index('catalog_summary_popularity_idx').on(t.status, t.popularity.desc().nullsFirst(), t.id),
    // the back office's list (docs/catalog-desk.md, "Summaries"): newest changes first, or by the start of the title
    index('catalog_summary_updated_idx').on(t.updatedAt.desc(), t.id.desc()),
    index('catalog_summary_title_prefix_idx').using('btree', sql`lower(${t.title}) text_pattern_ops`, t.id),
  ],
);

export const catalogSummaryContributor = pgTable(
  'catalog_summary_contributor',
  {
    summaryId: integer('summary_id')
      .notNull()
      .references(() => catalogSummary.id, { onDelete: 'cascade' }),
    contributorId: integer('contributor_id')
      .notNull()
      .references(() => catalogContributor.id),
    role: text('role', { enum: ['author', 'narrator', 'translator'] }).notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.summaryId, t.contributorId, t.role] })],
);

export const catalogSummaryCategory = pgTable(
  'catalog_summary_category',
  {
    summaryId: integer('summary_id')
      .notNull()
      .references(() => catalogSummary.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => catalogCategory.id),
  },
  (t) => [primaryKey({ columns: [t.summaryId, t.categoryId] })],
);

/** Slugs an entity used to have, so old links answer with a permanent redirect. */
export const catalogSlugHistory = pgTable(
  'catalog_slug_history',
  {
    entityType: text('entity_type', {
      enum: ['book', 'summary', 'contributor', 'publisher', 'category', 'bundle', 'podcast'],
    }).notNull(),
    slug: text('slug').notNull(),
    entityId: integer('entity_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entityType, t.slug] })],
);

/**
 * Books most like each book, by content (description, categories, tags, contributors),
 * precomputed by the catalogue's related-books job; the best first.
 */
export const catalogBookRelated = pgTable(
  'catalog_book_related',
  {
    bookId: integer('book_id')
      .notNull()
      .references(() => catalogBook.id, { onDelete: 'cascade' }),
    relatedId: integer('related_id')
      .notNull()
      .references(() => catalogBook.id, { onDelete: 'cascade' }),
    score: real('score').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookId, t.relatedId] }),
    index('catalog_book_related_rank_idx').on(t.bookId, t.score.desc().nullsFirst()),
  ],
);

/** Reviews of books and summaries. Written by signed-in readers once accounts exist. */
export const catalogReview = pgTable(
  'catalog_review',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    reviewableType: text('reviewable_type', { enum: ['book', 'summary'] }).notNull(),
    reviewableId: integer('reviewable_id').notNull(),
    /** the reader, once the accounts domain exists; demo reviews have none */
    userId: integer('user_id'),
    authorName: text('author_name').notNull(),
    rating: smallint('rating').notNull(),
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('catalog_review_item_idx').on(t.reviewableType, t.reviewableId, t.createdAt.desc().nullsFirst(), t.id),
    check('catalog_review_rating_ck', sql`${t.rating} between 1 and 5`),
  ],
);

export const catalogReviewReply = pgTable(
  'catalog_review_reply',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => catalogReview.id, { onDelete: 'cascade' }),
    userId: integer('user_id'),
    authorName: text('author_name').notNull(),
    isStaff: boolean('is_staff').notNull().default(false),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('catalog_review_reply_review_idx').on(t.reviewId, t.createdAt.desc().nullsFirst(), t.id)],
);

/** Editorial collections ("discovery topics") of books, summaries and podcasts. */
export const catalogTopic = pgTable(
  'catalog_topic',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    position: smallint('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('catalog_topic_slug_uq').on(t.slug)],
);

export const catalogTopicItem = pgTable(
  'catalog_topic_item',
  {
    topicId: integer('topic_id')
      .notNull()
      .references(() => catalogTopic.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: ['book', 'summary', 'podcast'] }).notNull(),
    itemId: integer('item_id').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.topicId, t.itemType, t.itemId] }),
    index('catalog_topic_item_order_idx').on(t.topicId, t.position),
  ],
);
