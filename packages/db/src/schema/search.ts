import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
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

/**
 * The columns a match is counted, filtered, ordered and scored by. Both tables carry them, so
 * each of their text indexes answers on its own table without a join, and a match is ranked
 * from the rows it found (no lookup by key per row: that was a third of a search's time).
 */
const matchFacts = () => ({
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
  /** 0..1, log-scaled from the item's own popularity; breaks ties */
  popularity: real('popularity').notNull().default(0),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  /** title (A), people (B), series, publisher, categories and tags (C): ranks, never matched */
  head: tsvector('head').notNull(),
});

/**
 * The words a title, its people and its meta are matched by: every word and each of its
 * prefixes as a lexeme of its own (see query-plan.ts). The SQL function `search_terms`
 * (migration 0008) computes them; only the GIN index stores them, so the rows a match visits
 * stay narrow (about 450 bytes instead of 1.8 KB), and a query must name this same expression
 * to use the index.
 */
export const searchTermsOf = (t: Record<'titleKey' | 'namesKey' | 'metaKey', AnyColumn | SQL>) =>
  sql`search_terms(${t.titleKey}, ${t.namesKey}, ${t.metaKey})`;

/** the kinds that are few among the documents, indexed apart as well */
export const searchSparseKinds = ['episode', 'summary'] as const;

/**
 * Whether a document is of `kind`, as search tests it: through `kind || ''`, which the partial
 * indexes below are made for and the primary key cannot serve (a capped scan must come in
 * static-rank order, never in the key's).
 */
export const searchKindIs = (kind: 'book' | (typeof searchSparseKinds)[number]) => sql.raw(`(kind || '') = '${kind}'`);

export const searchDocument = pgTable(
  'search_document',
  {
    ...matchFacts(),
    /** the folded names: authors, narrators and translators (an episode's podcast and its host) */
    namesKey: text('names_key').notNull().default(''),
    /** the folded series, publisher, categories and tags */
    metaKey: text('meta_key').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId] }),
    index('search_document_terms_idx').using('gin', searchTermsOf(t)),
    index('search_document_title_trgm_idx').using('gin', t.titleKey.op('gin_trgm_ops')),
    // titles that start with the query: a range scan, and estimates the planner can trust
    index('search_document_title_prefix_idx').on(t.titleKey.op('text_pattern_ops')),
    // common words match most documents: walking this order finds the most popular fast
    index('search_document_popularity_idx').on(t.popularity.desc().nullsFirst(), t.kind, t.itemId),
    // The podcast and summary tabs of a common word: their few matches found among their own
    // kind, not by reading every match of the word (`searchKindIs` is the tab's test).
    ...searchSparseKinds.map((kind) =>
      index(`search_document_${kind}_terms_idx`).using('gin', searchTermsOf(t)).where(searchKindIs(kind)),
    ),
  ],
);

// Both tables are made `WITH (parallel_workers = 0)` by migration 0008 (drizzle cannot say so):
// searches are many and small, and worker processes per query would cost more than they save.

/**
 * The description of a document, kept apart so that counting title and name matches never
 * reads it; matched through its own index.
 */
export const searchText = pgTable(
  'search_text',
  {
    ...matchFacts(),
    /** the description's words, and the prefixes of its long words: matched, never ranked */
    body: tsvector('body').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId] }),
    index('search_text_body_idx').using('gin', t.body),
    ...searchSparseKinds.map((kind) =>
      index(`search_text_${kind}_body_idx`).using('gin', t.body).where(searchKindIs(kind)),
    ),
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

/**
 * The log rolled up per UTC day and query, searches that found something only: what the popular
 * lists read, so their cost follows the number of distinct queries, not of searches. A
 * statement trigger on `search_query_log` keeps it (migration 0015), whoever writes the log.
 */
export const searchQueryDay = pgTable(
  'search_query_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    query: text('query').notNull(),
    searches: integer('searches').notNull(),
    /** the results count of the day's latest search */
    resultsCount: integer('results_count').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.query] })],
);
