import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Search domain: a denormalised document per searchable item, built by the search module from
 * the catalogue's and podcasts' services, plus the dictionary its typo tolerance and prefix
 * matching expand query words against, and the log of what people searched for.
 *
 * Every text here is already "folded" (see apps/api/src/modules/search/fold.ts): Latin letters
 * and digits only, the way the query is folded, so Cyrillic and transliterated Latin meet.
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const searchDocument = pgTable(
  'search_document',
  {
    kind: text('kind', { enum: ['book', 'summary', 'episode'] }).notNull(),
    itemId: integer('item_id').notNull(),
    hasAudio: boolean('has_audio').notNull().default(false),
    hasEbook: boolean('has_ebook').notNull().default(false),
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** the folded title, for the "title starts with the query" boost */
    titleKey: text('title_key').notNull(),
    /** title (A), people (B), series, publisher, categories and tags (C): ranks, never matched */
    head: tsvector('head').notNull(),
    /** the words of the head and their prefixes as lexemes of their own (see query-plan.ts): matched */
    terms: tsvector('terms').notNull(),
    /** the description's words, and the prefixes of its long words: matched, never ranked */
    body: tsvector('body').notNull(),
    /** 0..1, log-scaled from the item's own popularity; breaks ties */
    popularity: real('popularity').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId] }),
    index('search_document_terms_idx').using('gin', t.terms),
    index('search_document_body_idx').using('gin', t.body),
    index('search_document_title_trgm_idx').using('gin', t.titleKey.op('gin_trgm_ops')),
    // titles that start with the query: a range scan, and estimates the planner can trust
    index('search_document_title_prefix_idx').on(t.titleKey.op('text_pattern_ops')),
    // common words match most documents: walking this order finds the most popular fast
    index('search_document_popularity_idx').on(t.popularity.desc().nullsFirst(), t.kind, t.itemId),
  ],
);

/** Every distinct folded word of the documents, with how many documents hold it. */
export const searchTerm = pgTable('search_term', {
  term: text('term').primaryKey(),
  /** typo candidates are tried commonest first */
  docs: integer('docs').notNull(),
});

/**
 * The term and each of its one-letter deletions (a symmetric-delete dictionary): a query word
 * and a term are at most one edit apart only if their deletion sets meet, so typo candidates
 * come from an exact index lookup instead of a similarity scan.
 */
export const searchTermVariant = pgTable(
  'search_term_variant',
  {
    variant: text('variant').notNull(),
    term: text('term').notNull(),
  },
  (t) => [primaryKey({ columns: [t.variant, t.term] })],
);

/** One row per search made: anonymous or a user's, with or without results. */
export const searchQueryLog = pgTable(
  'search_query_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** trimmed, lower-case, single-spaced: what the popular lists show */
    query: text('query').notNull(),
    type: text('type').notNull(),
    resultsCount: integer('results_count').notNull(),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('search_query_log_created_idx').on(t.createdAt),
    index('search_query_log_query_idx').on(t.query, t.createdAt),
  ],
);
