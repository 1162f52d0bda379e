import type { Db } from '@nomsan/db/client';
import { and, count, desc, gte, inArray, lt, sql, type SQL } from '@nomsan/db/orm';
import { searchDocument, searchQueryLog, searchTerm, searchTermVariant } from '@nomsan/db/schema/search';
import type { SearchSort, SearchType } from '@nomsan/contracts/search';

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
  /** every word matched (exactly, as a prefix or within one edit), AND-ed or OR-ed */
  match: string;
  /** the words exactly as typed, for the exact-match boost */
  exact: string;
  /** the folded query, for the title-starts-with boost */
  phrase: string;
  /** look in descriptions too (the search page); suggestions look at titles and names only */
  body: boolean;
  type: SearchType;
  categoryId?: number;
  sort: SearchSort;
  limit: number;
  offset: number;
}

export type Hit = { kind: DocumentKind; itemId: number };

// ts_rank weights, in PostgreSQL's order {D, C, B, A}: title (A) first, then people (B), then
// series, publisher, categories and tags (C).
const WEIGHTS = sql.raw(`'{0.05, 0.25, 0.5, 1.0}'::float4[]`);
const INSERT_BATCH = 1000;
const TRIGRAM_THRESHOLD = 0.45;

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

function typeCondition(type: SearchType): SQL {
  switch (type) {
    case 'all':
      return sql`true`;
    case 'audiobook':
      return sql`kind = 'book' and has_audio`;
    case 'ebook':
      return sql`kind = 'book' and has_ebook`;
    case 'episode':
      return sql`kind = 'episode'`;
    case 'summary':
      return sql`kind = 'summary'`;
  }
}

function orderBy(sort: SearchSort): SQL {
  switch (sort) {
    case 'relevance':
      return sql`score desc, popularity desc, kind, item_id`;
    case 'popular':
      return sql`popularity desc, score desc, kind, item_id`;
    case 'newest':
      return sql`published_at desc, kind, item_id`;
  }
}

/** Search queries. Only this file touches the search tables. */
export function searchRepository(db: Db) {
  /**
   * One round trip for a page of hits and the count of every tab. The text match picks the
   * rows (GIN indexes on both vectors); the score is computed on the small head vector only.
   */
  async function search(plan: MatchPlan): Promise<{ hits: Hit[]; counts: Record<SearchType, number> }> {
    const match = sql`to_tsquery('simple', ${plan.match})`;
    const exact = sql`to_tsquery('simple', ${plan.exact})`;
    const where = [plan.body ? sql`(head @@ ${match} or body @@ ${match})` : sql`head @@ ${match}`];
    if (plan.categoryId) where.push(sql`category_ids @> array[${plan.categoryId}::int]`);
    const rows = await db.execute<{ counts: Record<SearchType, number>; hits: Hit[] | null }>(sql`
      with m as materialized (
        select kind, item_id, has_audio, has_ebook, popularity, published_at,
          ts_rank(${WEIGHTS}, head, ${match}) + 0.5 * ts_rank(${WEIGHTS}, head, ${exact})
            + case when title_key = ${plan.phrase} then 1.0
                   when title_key like ${plan.phrase} || '%' then 0.4 else 0 end
            + 0.05 * popularity as score
        from search_document
        where ${sql.join(where, sql` and `)}
      )
      select
        (select json_build_object(
          'all', count(*),
          'audiobook', count(*) filter (where kind = 'book' and has_audio),
          'ebook', count(*) filter (where kind = 'book' and has_ebook),
          'episode', count(*) filter (where kind = 'episode'),
          'summary', count(*) filter (where kind = 'summary')) from m) as counts,
        (select json_agg(json_build_object('kind', kind, 'itemId', item_id)) from (
          select kind, item_id from m where ${typeCondition(plan.type)}
          order by ${orderBy(plan.sort)} limit ${plan.limit} offset ${plan.offset}) page) as hits
    `);
    const row = rows.rows[0];
    return { hits: row?.hits ?? [], counts: row?.counts ?? { all: 0, audiobook: 0, ebook: 0, episode: 0, summary: 0 } };
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

    /** dictionary terms one deletion away from any of the variants (typo candidates) */
    async termsNear(variants: string[]): Promise<{ variant: string; term: string }[]> {
      if (variants.length === 0) return [];
      return db
        .select({ variant: searchTermVariant.variant, term: searchTermVariant.term })
        .from(searchTermVariant)
        .where(inArray(searchTermVariant.variant, variants));
    },

    async isEmpty(): Promise<boolean> {
      const rows = await db.execute(sql`select 1 from ${searchDocument} limit 1`);
      return rows.rows.length === 0;
    },

    /** replaces the whole index in one transaction, so searches never see half of it */
    async replaceIndex(documents: DocumentInput[], terms: Map<string, number>, variants: [string, string][]) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`delete from ${searchDocument}`);
        await tx.execute(sql`delete from ${searchTerm}`);
        await tx.execute(sql`delete from ${searchTermVariant}`);
        for (let i = 0; i < documents.length; i += INSERT_BATCH) {
          await tx.insert(searchDocument).values(
            documents.slice(i, i + INSERT_BATCH).map((d) => ({
              kind: d.kind,
              itemId: d.itemId,
              hasAudio: d.hasAudio,
              hasEbook: d.hasEbook,
              categoryIds: d.categoryIds,
              titleKey: d.title,
              head: sql`setweight(to_tsvector('simple', ${d.title}), 'A') || setweight(to_tsvector('simple', ${d.people}), 'B') || setweight(to_tsvector('simple', ${d.meta}), 'C')`,
              body: sql`to_tsvector('simple', ${d.body})`,
              popularity: d.popularity,
              publishedAt: d.publishedAt,
            })),
          );
        }
        const termRows = [...terms].map(([term, docs]) => ({ term, docs }));
        for (let i = 0; i < termRows.length; i += INSERT_BATCH * 5) {
          await tx.insert(searchTerm).values(termRows.slice(i, i + INSERT_BATCH * 5));
        }
        for (let i = 0; i < variants.length; i += INSERT_BATCH * 5) {
          await tx
            .insert(searchTermVariant)
            .values(variants.slice(i, i + INSERT_BATCH * 5).map(([variant, term]) => ({ variant, term })));
        }
      });
    },

    async logQueries(rows: { query: string; type: string; resultsCount: number; userId: number | null; at: Date }[]) {
      if (rows.length === 0) return;
      await db.insert(searchQueryLog).values(
        rows.map((r) => ({
          query: r.query,
          type: r.type,
          resultsCount: r.resultsCount,
          userId: r.userId,
          createdAt: r.at,
        })),
      );
    },

    /**
     * The most searched queries since `since` that found something, each with its latest
     * results count; searched by at least `minSearches` to keep one-off typing out.
     */
    async popularQueries(since: Date, minSearches: number, limit: number) {
      const searches = count();
      const rows = await db
        .select({
          query: searchQueryLog.query,
          searches,
          results: sql<number>`(array_agg(${searchQueryLog.resultsCount} order by ${searchQueryLog.createdAt} desc))[1]`,
        })
        .from(searchQueryLog)
        .where(and(gte(searchQueryLog.createdAt, since), sql`${searchQueryLog.resultsCount} > 0`))
        .groupBy(searchQueryLog.query)
        .having(gte(searches, minSearches))
        .orderBy(desc(searches), searchQueryLog.query)
        .limit(limit);
      return rows.map((r) => ({ query: r.query, searches: Number(r.searches), results: Number(r.results) }));
    },

    async pruneLog(before: Date): Promise<number> {
      const rows = await db
        .delete(searchQueryLog)
        .where(lt(searchQueryLog.createdAt, before))
        .returning({ id: searchQueryLog.id });
      return rows.length;
    },
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
