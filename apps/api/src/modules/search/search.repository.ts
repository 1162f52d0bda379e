import type { ModuleDb, PreparedQuery } from '@nomsan/db/client';
import type * as schema from '@nomsan/db/schema/search';
import { desc, eq, gte, inArray, lt, sql, type SQL } from '@nomsan/db/orm';
import { qualified } from '@nomsan/db/sql';
import {
  searchDocument,
  searchKindIs,
  searchSparseKinds,
  searchQueryDay,
  searchQueryLog,
  searchTerm,
  searchTermsOf,
  searchTermVariant,
  searchText,
} from '@nomsan/db/schema/search';
import {
  SEARCH_COUNT_CAP,
  searchTypes,
  type SearchCounts,
  type SearchSort,
  type SearchType,
} from '@nomsan/contracts/search';
import {
  catalogBookCard,
  catalogSummaryCard,
  type BookCardRow,
  type SummaryCardRow,
} from '@nomsan/db/schema/published/catalog';
import { BODY_PREFIX_FROM, indexedPrefixes } from './query-plan';

/** The database as this module sees it: its own tables only. */
export type SearchDb = ModuleDb<typeof schema>;

export type DocumentKind = (typeof searchDocument.$inferSelect)['kind'];

/** A document as the indexer hands it over: every text already folded. */
export interface DocumentInput {
  kind: DocumentKind;
  itemId: number;
  hasAudio: boolean;
  hasEbook: boolean;
  categoryIds: number[];
  title: string;
  people: string;
  meta: string;
  body: string;
  popularity: number;
  publishedAt: Date;
}

export interface MatchPlan {
  /** every word matched (exactly, as a prefix or within one edit), AND-ed or OR-ed, against the terms */
  match: string;
  /** the same as `match` in `:*` prefix syntax, for ranking on the (prefix-free) head */
  rank: string;
  /** the words exactly as typed, for the exact-match boost */
  exact: string;
  /** what descriptions must hold (whole words; null: descriptions are not searched) */
  bodyMatch: string | null;
  /** count every tab (the search page); suggestions only need the first few hits */
  counts: boolean;
  /** the folded query, for the title-starts-with boost */
  phrase: string;
  type: SearchType;
  categoryId?: number;
  sort: SearchSort;
  limit: number;
  offset: number;
}

export type Hit = { kind: DocumentKind; itemId: number };

/** The catalogue's card rows of a page's books and summaries (its published card views). */
export interface CardRows {
  books: BookCardRow[];
  summaries: SummaryCardRow[];
}

export interface Found {
  hits: Hit[];
  /** the cards' rows, read with the hits (null: the hits came without them) */
  cardRows: CardRows | null;
  counts: SearchCounts;
  /** the tabs whose count stopped at the cap (there are at least that many) */
  capped: SearchType[];
}

export const NO_COUNTS: SearchCounts = { all: 0, audiobook: 0, ebook: 0, episode: 0, summary: 0 };

// ts_rank weights, in PostgreSQL's order {D, C, B, A}: title (A) first, then people (B), then
// series, publisher, categories and tags (C).
const WEIGHTS = sql.raw(`'{0.05, 0.25, 0.5, 1.0}'::float4[]`);
const INSERT_BATCH = 1000;
const TRIGRAM_THRESHOLD = 0.45;
/** how many of the most popular matches get a relevance score */
const RANKED_POOL = 500;
/** and how many of the most popular titles that start with the query (which rank first)... */
const TITLE_POOL = 50;
/** ...once it has this many letters: before that, thousands do, and the popular ones are in the pool */
const TITLE_POOL_FROM = 3;

/** The indexed prefixes of the text's words, as a tsvector literal (lexemes only, no positions). */
function prefixVector(text: string, from: number): string {
  const lexemes = new Set<string>();
  for (const word of text.split(' ')) for (const prefix of indexedPrefixes(word, from)) lexemes.add(`'${prefix}'`);
  return [...lexemes].join(' ');
}

/**
 * The cards (one JSON array column, in no particular order) of the published books or
 * summaries whose ids are in `ids` (an `int[]` expression of the statement): read from the
 * catalogue's published view, in the same round trip as the hits.
 */
function cardsOf(view: typeof catalogBookCard | typeof catalogSummaryCard, ids: SQL): SQL {
  return sql`(select coalesce(json_agg(${qualified(view.card)}), '[]') from ${view} where ${qualified(view.id)} = any(${ids}))`;
}

/** the advisory lock key of the index as a whole (see `lockIndex`) */
const INDEX_LOCK = 0x4e4d_0002;
const DOCUMENT_TABLE = 'search_document';
const TEXT_TABLE = 'search_text';
/** the order the tables are written in (and the popularity index's) */
const STATIC_RANK = sql.raw('popularity desc, kind, item_id');

/** a document as one row of the JSON a batch is inserted from */
function recordOf(d: DocumentInput) {
  return {
    kind: d.kind,
    item_id: d.itemId,
    has_audio: d.hasAudio,
    has_ebook: d.hasEbook,
    category_ids: d.categoryIds,
    title_key: d.title,
    popularity: d.popularity,
    published_at: d.publishedAt.toISOString(),
    names_key: d.people,
    meta_key: d.meta,
    body: d.body,
    body_prefixes: prefixVector(d.body, BODY_PREFIX_FROM),
  };
}

type Tx = Parameters<Parameters<SearchDb['transaction']>[0]>[0];

/**
 * An empty twin of `table` (same columns, defaults and storage options, no indexes yet) to
 * write a new index into; `prepare` orders its rows by static rank (CLUSTER writes them in
 * that order, page after page, where inserts would fill earlier pages' gaps with later rows),
 * gives it the table's indexes, and `swap` then its name, in the caller's transaction. The indexes
 * are copied from the live table's own definitions, so the migrations stay the one place
 * that says what they are.
 */
async function freshTable(tx: Tx, table: string) {
  const next = `${table}_next`;
  const options = await tx.execute<{ options: string[] | null }>(
    sql`select reloptions as options from pg_class where oid = ${table}::regclass`,
  );
  const storage = options.rows[0]?.options?.length ? sql.raw(` with (${options.rows[0].options.join(', ')})`) : sql``;
  await tx.execute(sql`drop table if exists ${sql.identifier(next)}`);
  await tx.execute(
    sql`create table ${sql.identifier(next)} (like ${sql.identifier(table)} including defaults)${storage}`,
  );
  const indexes = await tx.execute<{ name: string; definition: string; primary: boolean }>(sql`
    select i.relname as name, pg_get_indexdef(x.indexrelid) as definition, x.indisprimary as primary
    from pg_index x join pg_class i on i.oid = x.indexrelid
    where x.indrelid = ${table}::regclass order by i.relname`);
  return {
    next,
    /** orders the rows, builds the indexes and gathers statistics: all before any lock is taken */
    async prepare() {
      const rank = sql.identifier(`${next}_rank`);
      await tx.execute(sql`create index ${rank} on ${sql.identifier(next)} (${STATIC_RANK})`);
      await tx.execute(sql`cluster ${sql.identifier(next)} using ${rank}`);
      await tx.execute(sql`drop index ${rank}`);
      for (const index of indexes.rows) {
        await tx.execute(sql.raw(onTable(index.definition, index.name, table, next)));
      }
      await tx.execute(sql`analyze ${sql.identifier(next)}`);
    },
    /** takes the live table's place: held from here to commit, its lock is short */
    async swap() {
      await tx.execute(sql`drop table ${sql.identifier(table)}`);
      await tx.execute(sql`alter table ${sql.identifier(next)} rename to ${sql.identifier(table)}`);
      for (const index of indexes.rows) {
        const copy = sql.identifier(`${index.name}_next`);
        await tx.execute(
          index.primary
            ? sql`alter table ${sql.identifier(table)} add constraint ${sql.identifier(index.name)} primary key using index ${copy}`
            : sql`alter index ${copy} rename to ${sql.identifier(index.name)}`,
        );
      }
    },
  };
}

/** `CREATE INDEX name ON schema.table ...` (as pg_get_indexdef writes it) for the twin table */
export function onTable(definition: string, name: string, table: string, next: string): string {
  const match = /^(CREATE (?:UNIQUE )?INDEX )(\S+)( ON (?:ONLY )?)(\S+)( .*)$/s.exec(definition);
  const target = match?.[4];
  if (!match || match[2] !== name || !target || (target !== table && !target.endsWith(`.${table}`))) {
    throw new Error(`unexpected index definition: ${definition}`);
  }
  return `${match[1]}${name}_next${match[3]}${target.slice(0, -table.length)}${next}${match[5]}`;
}

/** what the GIN index on search_document holds for each row (migration 0008) */
const TERMS = searchTermsOf({
  titleKey: sql.raw('title_key'),
  namesKey: sql.raw('names_key'),
  metaKey: sql.raw('meta_key'),
});
/** the columns of a match, on both tables */
const MATCH_COLUMN_LIST = 'kind, item_id, has_audio, has_ebook, popularity, published_at, title_key';
const MATCH_COLUMNS = sql.raw(MATCH_COLUMN_LIST);
/** ...and what ranks it (both tables carry the head vector: a pool is scored without a lookup) */
const RANKED_COLUMNS = sql.raw(`${MATCH_COLUMN_LIST}, head`);
/** what a pool row needs to be scored */
const POOL_COLUMNS = sql.raw('kind, item_id, head, popularity, title_key');
/** title (A), people (B), series, publisher, categories and tags (C) of a JSON batch's row */
const HEAD_VECTOR =
  sql.raw(`setweight(to_tsvector('simple', title_key), 'A') || setweight(to_tsvector('simple', names_key), 'B')
                || setweight(to_tsvector('simple', meta_key), 'C')`);

/** writes `documents` into the two document tables (or their fresh twins), a JSON batch at a time */
async function insertDocuments(tx: Tx, documentTable: string, textTable: string, documents: DocumentInput[]) {
  for (let i = 0; i < documents.length; i += INSERT_BATCH) {
    const batch = documents.slice(i, i + INSERT_BATCH);
    // one JSON parameter per batch
    const rows = sql`json_to_recordset(${JSON.stringify(batch.map(recordOf))}::json) as r(
        kind text, item_id int, has_audio boolean, has_ebook boolean, category_ids int[], title_key text,
        popularity real, published_at timestamptz, names_key text, meta_key text, body text, body_prefixes text)`;
    await tx.execute(sql`insert into ${sql.identifier(documentTable)} (${RANKED_COLUMNS}, category_ids, names_key, meta_key)
      select ${MATCH_COLUMNS}, ${HEAD_VECTOR}, category_ids, names_key, meta_key
      from ${rows}`);
    await tx.execute(sql`insert into ${sql.identifier(textTable)} (${RANKED_COLUMNS}, category_ids, body)
      select ${MATCH_COLUMNS}, ${HEAD_VECTOR}, category_ids, strip(to_tsvector('simple', body)) || body_prefixes::tsvector
      from ${rows}`);
  }
}

/** Whether a document belongs to a tab: the SQL and the in-memory test say the same. */
export function inTab(type: SearchType, d: { kind: DocumentKind; hasAudio: boolean; hasEbook: boolean }): boolean {
  switch (type) {
    case 'all':
      return true;
    case 'audiobook':
      return d.kind === 'book' && d.hasAudio;
    case 'ebook':
      return d.kind === 'book' && d.hasEbook;
    case 'episode':
    case 'summary':
      return d.kind === type;
  }
}

/** Whether a row belongs to a tab (`searchKindIs`: a test the primary key cannot serve). */
function typeCondition(type: SearchType): SQL {
  switch (type) {
    case 'all':
      return sql`true`;
    case 'audiobook':
      return sql`${searchKindIs('book')} and has_audio`;
    case 'ebook':
      return sql`${searchKindIs('book')} and has_ebook`;
    case 'episode':
    case 'summary':
      return searchKindIs(type);
  }
}

function orderBy(sort: Exclude<SearchSort, 'relevance'>): SQL {
  return sort === 'popular' ? STATIC_RANK : sql`published_at desc, kind, item_id`;
}

/** What a search statement's text depends on; everything else is one of its `Values`. */
interface Shape {
  type: SearchType;
  sort: SearchSort;
  counts: boolean;
  body: boolean;
  category: boolean;
  titles: boolean;
}

/** The placeholders of a search statement (`sql.placeholder`), filled for each run. */
type Values = {
  match: string;
  rank: string;
  exact: string;
  bodyMatch: string | null;
  phrase: string;
  categoryId: number | undefined;
  limit: number;
  offset: number;
  /** how many of the tab's most popular matches are scored, and how many titles */
  pool: number;
  titlePool: number;
  /** the tab's scan stops after this many rows (null: the newest first reads them all) */
  tabCap: number | null;
  countCap: number;
  /** countCap + 1: a count past the cap shows as more than it */
  countLimit: number;
};

const value = (name: keyof Values): SQL => sql`${sql.placeholder(name)}`;

/**
 * The search statement of one shape: one round trip for a page of hits and the count of every
 * tab. Titles and names match through the expression index on the narrow `search_document`,
 * descriptions through the index on `search_text`; the score is computed on the pool's heads
 * only, which the matched rows carry.
 *
 * Every scan is capped: the tables are in static-rank order (see `replaceIndex`), so the first
 * `countCap` + 1 rows of a match are its most popular ones: a word found in half the catalogue
 * is read, counted and ranked like one found in a thousand documents (only its index entries
 * are all visited). Counts past the cap are reported as "at least" (`capped`). Only the
 * newest-first order reads a whole match.
 */
function searchStatement(shape: Shape): SQL {
  const filters = shape.category ? [sql`category_ids @> array[${value('categoryId')}::int]`] : [];
  const where = (...conditions: SQL[]) => sql.join([...conditions, ...filters], sql` and `);
  const headMatch = sql`${TERMS} @@ ${value('match')}::tsquery`;
  const bodyMatch = shape.body ? sql`body @@ ${value('bodyMatch')}::tsquery` : null;
  // The matching rows of both tables, united (they carry the same columns, so a document
  // found in both counts once); `cap` rows at most from each, the most popular.
  // Only the tab shown is ranked: the scans that only count leave the head vectors behind.
  const matches = (condition: SQL, cap: SQL | null, columns = MATCH_COLUMNS) => {
    const limit = cap === null ? sql`` : sql`limit ${cap}`;
    const head = sql`(select ${columns} from search_document where ${where(headMatch, condition)} ${limit})`;
    return bodyMatch
      ? sql`${head} union (select ${columns} from search_text where ${where(bodyMatch, condition)} ${limit})`
      : head;
  };
  const phrase = value('phrase');
  // Relevance is scored on a pool: the tab's most popular matches, plus the titles that start
  // with the query (they get the biggest bonus): the most popular of the tab's and the first
  // ones of the whole catalogue (an exact title always, however unpopular). Past a few
  // hundred matches, popularity is what ranks them anyway; scoring tens of thousands of rows
  // for twenty would cost more than all the rest.
  // "starts with" as a range of the title index, which a generic plan can use (a LIKE
  // pattern only when it is a constant): folded titles hold nothing above '~'
  const titleStarts = sql`title_key ~>=~ ${phrase} and title_key ~<~ (${phrase} || '~')`;
  const titles = shape.titles
    ? sql`union (select ${POOL_COLUMNS} from tab where title_key like ${phrase} || '%'
              order by ${STATIC_RANK} limit ${value('titlePool')})
            union (select ${POOL_COLUMNS} from search_document
              where ${where(titleStarts, typeCondition(shape.type))}
              order by title_key using ~<~ limit ${value('titlePool')})`
    : sql``;
  const page =
    shape.sort === 'relevance'
      ? sql`
          select kind, item_id from (
            (select ${POOL_COLUMNS} from tab order by ${STATIC_RANK} limit ${value('pool')})
            ${titles}
          ) p
          order by ts_rank(${WEIGHTS}, head, ${value('rank')}::tsquery)
              + 0.5 * ts_rank(${WEIGHTS}, head, ${value('exact')}::tsquery)
            + case when title_key = ${phrase} then 1.0
                   when title_key like ${phrase} || '%' then 0.4 else 0 end
            + 0.05 * popularity desc, popularity desc, kind, item_id
          limit ${value('limit')} offset ${value('offset')}`
      : sql`select kind, item_id from tab order by ${orderBy(shape.sort)}
          limit ${value('limit')} offset ${value('offset')}`;
  const tabCap = shape.sort === 'newest' ? null : value('tabCap');
  // Materialized on purpose: inlined, a common prefix would let the planner walk the
  // popularity index and test each row against `search_terms(...)`, which it then computes
  // (about 0.1 ms a row).
  const tab = sql`tab as materialized (${matches(typeCondition(shape.type), tabCap, shape.sort === 'relevance' ? RANKED_COLUMNS : MATCH_COLUMNS)})`;
  // The page's hits, in order, and the cards of its books and summaries, read in the same
  // round trip: a search is one statement, not two to four.
  const pageRows = sql`page as materialized (${page})`;
  const idsOf = (kind: DocumentKind) => sql`array(select item_id from page where kind = ${sql.raw(`'${kind}'`)})`;
  const hits = sql`(select json_agg(json_build_object('kind', kind, 'itemId', item_id)) from page) as hits,
    ${cardsOf(catalogBookCard, idsOf('book'))} as books, ${cardsOf(catalogSummaryCard, idsOf('summary'))} as summaries`;
  if (!shape.counts) return sql`with ${tab}, ${pageRows} select ${hits}`;
  // Every tab is counted from the whole match's first `countCap` + 1 rows (a side past them
  // makes the union pass them too: that is how a capped count shows). The tab shown, and past
  // the cap the podcast and summary tabs (few documents, with indexes of their own), are
  // counted on their own scans: the whole match's first rows may hold few of their kind.
  const all =
    shape.type === 'all' && tabCap !== null
      ? sql`m as (select * from tab)`
      : sql`m as materialized (${matches(sql`true`, value('countLimit'))})`;
  const ownScans = searchSparseKinds.filter((kind) => kind !== shape.type);
  return sql`
      with ${tab}, ${all}, ${pageRows}
      select json_build_object(
          'all', count(*),
          'audiobook', count(*) filter (where kind = 'book' and has_audio),
          'ebook', count(*) filter (where kind = 'book' and has_ebook),
          'episode', count(*) filter (where kind = 'episode'),
          'summary', count(*) filter (where kind = 'summary')) as counts,
        json_build_object(${sql.join(
          [
            ...(shape.type === 'all' ? [] : [sql`${shape.type}::text, (select count(*) from tab)`]),
            // only past the cap: under it, the whole match counts them exactly
            ...ownScans.map(
              (kind) =>
                sql`${kind}::text, case when count(*) > ${value('countCap')}
                  then (select count(*) from (${matches(typeCondition(kind), value('countLimit'))}) own) end`,
            ),
          ],
          sql`, `,
        )}) as own,
        ${hits}
      from m`;
}

/** Search queries. Only this file touches the search tables. */
export function searchRepository(
  db: SearchDb,
  options: {
    /** matches are counted exactly up to `countCap`; past it, a count means "at least" */
    countCap?: number;
    /** builds a statement once, to run with values (DatabaseHandle.prepare) */
    prepare: (label: string, query: SQL) => PreparedQuery;
  },
) {
  const countCap = options.countCap ?? SEARCH_COUNT_CAP;
  // Each shape is built once (building it took more CPU than PostgreSQL's planning).
  const statements = new Map<string, PreparedQuery>();
  function statementFor(shape: Shape): PreparedQuery {
    const key = JSON.stringify(shape);
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = options.prepare('search', searchStatement(shape))));
    return statement;
  }

  async function search(plan: MatchPlan): Promise<Found> {
    const pool = Math.max(RANKED_POOL, plan.offset + plan.limit);
    const shape: Shape = {
      type: plan.type,
      sort: plan.sort,
      counts: plan.counts,
      body: plan.bodyMatch !== null,
      category: plan.categoryId !== undefined,
      titles: plan.phrase.length >= TITLE_POOL_FROM,
    };
    // The newest first needs every match; otherwise the tab's first `countCap` + 1 are enough
    // to count it, and `pool` of them to rank (suggestions are not counted).
    const tabCap = plan.sort === 'newest' ? null : plan.counts ? countCap + 1 : pool;
    const values: Values = {
      match: plan.match,
      rank: plan.rank,
      exact: plan.exact,
      bodyMatch: plan.bodyMatch,
      phrase: plan.phrase,
      categoryId: plan.categoryId,
      limit: plan.limit,
      offset: plan.offset,
      pool,
      titlePool: Math.max(TITLE_POOL, plan.offset + plan.limit),
      tabCap,
      countCap,
      countLimit: countCap + 1,
    };
    // Planning the statement cost as much as running it (1 ms each for a cold title). Capped,
    // its best plan no longer depends on how common the words are, so each shape is planned
    // once per session; the newest-first order, which reads whole matches, still gets a plan
    // made for its words.
    const run = <T>() => statementFor(shape).execute<T>(values, { generic: tabCap !== null });
    type Page = { hits: Hit[] | null } & CardRows;
    const cardRowsOf = (row: Page): CardRows => ({ books: row.books, summaries: row.summaries });
    if (!plan.counts) {
      const row = (await run<Page>()).rows[0];
      const hits = row?.hits ?? [];
      // without counting, "found something" is all the caller learns
      return { hits, cardRows: row ? cardRowsOf(row) : null, counts: { ...NO_COUNTS, all: hits.length }, capped: [] };
    }
    type Own = Partial<Record<SearchType, number | null>>;
    const rows = await run<{ counts: SearchCounts; own: Own } & Page>();
    const row = rows.rows[0];
    if (!row) return { hits: [], cardRows: null, counts: NO_COUNTS, capped: [] };
    const allCapped = row.counts.all > countCap;
    const counts = { ...row.counts };
    const own = new Set<SearchType>();
    for (const type of searchTypes) {
      const count = row.own[type];
      if (count === undefined || count === null) continue;
      counts[type] = count;
      own.add(type);
    }
    const capped = searchTypes.filter((type) => (own.has(type) ? counts[type] > countCap : allCapped));
    for (const type of searchTypes) counts[type] = Math.min(counts[type], countCap);
    return { hits: row.hits ?? [], cardRows: cardRowsOf(row), counts, capped };
  }

  return {
    search,

    /**
     * Titles most like the phrase by trigrams, whatever their type: the last resort when no
     * word matches (two typos, run-together words), so only the closest few are kept.
     */
    async similarTitles(phrase: string, categoryId: number | undefined, limit: number) {
      const where = [sql`${phrase} <% title_key`];
      if (categoryId) where.push(sql`category_ids @> array[${categoryId}::int]`);
      return db.transaction(async (tx) => {
        // `<%` (indexed) compares against this; the default 0.6 misses run-together words
        await tx.execute(
          sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TRIGRAM_THRESHOLD)}, true)`,
        );
        const rows = await tx.execute<Hit & { hasAudio: boolean; hasEbook: boolean }>(sql`
          select kind, item_id as "itemId", has_audio as "hasAudio", has_ebook as "hasEbook" from search_document
          where ${sql.join(where, sql` and `)}
          order by word_similarity(${phrase}, title_key) desc, popularity desc, kind, item_id
          limit ${limit}`);
        return rows.rows;
      });
    },

    /** dictionary terms one deletion away from any of the variants (typo candidates), commonest first */
    async termsNear(variants: string[]): Promise<{ variant: string; term: string; docs: number }[]> {
      if (variants.length === 0) return [];
      return db
        .select({ variant: searchTermVariant.variant, term: searchTermVariant.term, docs: searchTerm.docs })
        .from(searchTermVariant)
        .innerJoin(searchTerm, eq(searchTerm.term, searchTermVariant.term))
        .where(inArray(searchTermVariant.variant, variants))
        .orderBy(desc(searchTerm.docs), searchTermVariant.term);
    },

    /**
     * The index's lock until the transaction ends: a rebuild holds it alone, refreshes share it.
     * A refresh that read the catalogue before a rebuild did and wrote into the table the rebuild
     * then replaced would be lost; with the lock it waits, and writes into the new table.
     */
    async lockIndex(mode: 'rebuild' | 'refresh'): Promise<void> {
      await db.execute(
        mode === 'rebuild'
          ? sql`select pg_advisory_xact_lock(${INDEX_LOCK}::int)`
          : sql`select pg_advisory_xact_lock_shared(${INDEX_LOCK}::int)`,
      );
    },

    async isEmpty(): Promise<boolean> {
      const rows = await db.execute(sql`select 1 from ${searchDocument} limit 1`);
      return rows.rows.length === 0;
    },

    /**
     * Replaces the whole index in one transaction, so searches never see half of it. The two
     * document tables are written anew in static-rank order (most popular first) and swapped
     * in at commit, so a match's bitmap scan, which reads the table in its physical order, meets
     * the most popular documents first: a capped scan returns the top of a match of any size.
     */
    async replaceIndex(documents: DocumentInput[], terms: Map<string, number>, variants: [string, string][]) {
      await db.transaction(async (tx) => {
        const tables = [await freshTable(tx, DOCUMENT_TABLE), await freshTable(tx, TEXT_TABLE)];
        await insertDocuments(tx, tables[0]!.next, tables[1]!.next, documents);
        await tx.execute(sql`delete from ${searchTerm}`);
        await tx.execute(sql`delete from ${searchTermVariant}`);
        const termRows = [...terms].map(([term, docs]) => ({ term, docs }));
        for (let i = 0; i < termRows.length; i += INSERT_BATCH * 5) {
          await tx.insert(searchTerm).values(termRows.slice(i, i + INSERT_BATCH * 5));
        }
        for (let i = 0; i < variants.length; i += INSERT_BATCH * 5) {
          await tx
            .insert(searchTermVariant)
            .values(variants.slice(i, i + INSERT_BATCH * 5).map(([variant, term]) => ({ variant, term })));
        }
        // Each new table is rewritten in static-rank order, given the indexes (built once the
        // rows are in: faster than row by row, and no GIN pending list to merge) and then the
        // old one's name: the searches waiting on the old table's lock meanwhile see the new one.
        for (const table of tables) await table.prepare();
        for (const table of tables) await table.swap();
      });
    },

    /**
     * Replaces the documents of some items in place (the titles an editor changed, a channel's
     * episodes): their rows go, the ones in `documents` (those still published) come in, and
     * their words join the dictionary. A word that no document holds any more stays in it until
     * the next full rebuild (a typo candidate that finds nothing), and the new rows are not in
     * static-rank order (a capped count may miss one of them): the nightly rebuild puts both right.
     */
    async replaceDocuments(
      removed: { kind: DocumentKind; ids: number[] }[],
      documents: DocumentInput[],
      terms: Map<string, number>,
      variants: [string, string][],
    ) {
      await db.transaction(async (tx) => {
        for (const { kind, ids } of removed) {
          if (ids.length === 0) continue;
          for (const table of [searchDocument, searchText]) {
            await tx
              .delete(table)
              .where(sql`${table.kind} = ${kind} and ${table.itemId} = any(${sql.param(ids)}::int[])`);
          }
        }
        await insertDocuments(tx, DOCUMENT_TABLE, TEXT_TABLE, documents);
        const termRows = [...terms].map(([term, docs]) => ({ term, docs }));
        for (let i = 0; i < termRows.length; i += INSERT_BATCH * 5) {
          await tx
            .insert(searchTerm)
            .values(termRows.slice(i, i + INSERT_BATCH * 5))
            .onConflictDoNothing();
        }
        for (let i = 0; i < variants.length; i += INSERT_BATCH * 5) {
          await tx
            .insert(searchTermVariant)
            .values(variants.slice(i, i + INSERT_BATCH * 5).map(([variant, term]) => ({ variant, term })))
            .onConflictDoNothing();
        }
      });
    },

    /** fresh statistics for the dictionary, and a new index's visibility maps (outside any transaction) */
    async analyze() {
      await db.execute(sql`vacuum analyze ${searchDocument}, ${searchText}, ${searchTermVariant}`);
    },

    /**
     * One statement per batch, its columns as five arrays: a VALUES list would be a statement
     * of five parameters a row, which drizzle spent more time building (and PostgreSQL more
     * parsing) than the searches it records.
     */
    async logQueries(rows: { query: string; type: string; resultsCount: number; userId: number | null; at: Date }[]) {
      if (rows.length === 0) return;
      // one parameter each (drizzle would spread a bare array into a list)
      const column = <T>(pick: (row: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
      await db.execute(sql`
        insert into ${searchQueryLog} (query, type, results_count, user_id, created_at)
        select * from unnest(${column((r) => r.query)}::text[], ${column((r) => r.type)}::text[],
          ${column((r) => r.resultsCount)}::int[], ${column((r) => r.userId)}::int[],
          ${column((r) => r.at.toISOString())}::timestamptz[])`);
    },

    /**
     * The most searched queries since `since` (from the start of its UTC day) that found
     * something, each with its latest results count; searched by at least `minSearches` to keep
     * one-off typing out. Read from the per-day rollup, not the log.
     */
    async popularQueries(since: Date, minSearches: number, limit: number) {
      const searches = sql<number>`sum(${searchQueryDay.searches})::int`;
      const rows = await db
        .select({
          query: searchQueryDay.query,
          searches,
          results: sql<number>`(array_agg(${searchQueryDay.resultsCount} order by ${searchQueryDay.lastAt} desc))[1]`,
        })
        .from(searchQueryDay)
        .where(gte(searchQueryDay.day, since.toISOString().slice(0, 10)))
        .groupBy(searchQueryDay.query)
        .having(gte(searches, minSearches))
        .orderBy(desc(searches), searchQueryDay.query)
        .limit(limit);
      return rows.map((r) => ({ query: r.query, searches: Number(r.searches), results: Number(r.results) }));
    },

    async pruneLog(before: Date): Promise<number> {
      await db.delete(searchQueryDay).where(lt(searchQueryDay.day, before.toISOString().slice(0, 10)));
      const rows = await db
        .delete(searchQueryLog)
        .where(lt(searchQueryLog.createdAt, before))
        .returning({ id: searchQueryLog.id });
      return rows.length;
    },
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
