import { z } from 'zod';
import {
  searchTypes,
  SUGGESTIONS_TAKE,
  type PopularQuery,
  type SearchCounts,
  type SearchHit,
  type SearchQuery,
  type SearchResult,
  type SearchType,
  type TopSearch,
} from '@nomsan/contracts/search';
import { mn } from '@nomsan/contracts/messages';
import { prepareOn } from '@nomsan/db/client';
import type { Kernel } from '../../kernel/module';
import { boundRepositoryWith, transaction, type Ctx } from '../../kernel/unit-of-work';
import { AppError } from '../../errors';
import { DAY_MS } from '../../lib/clock';
import { cached } from '../../lib/cached';
import { groupBy } from '../../lib/group-by';
import { tag } from '../../lib/cache-tags';
import type { CatalogService } from '../catalog/catalog.service';
import { defineJob } from '../jobs/jobs.service';
import type { PodcastsService } from '../podcasts/podcasts.service';
import { buildSearchIndex, dictionaryOf, searchDocuments, type IndexScope } from './indexer';
import { queryLog, type QueryLog } from './query-log';
import { deletionVariants } from './fold';
import { queryWords, tsQueries, TYPO_FROM, typoTerms, typoVariants, type QueryWords } from './query-plan';
import {
  inTab,
  NO_COUNTS,
  searchRepository,
  type Found,
  type Hit,
  type MatchPlan,
  type SearchDb,
} from './search.repository';

/** Rebuilds the whole search index (when empty, nightly, and after a change too big to refresh). */
export const reindexJob = defineJob('search.reindex', z.object({}).strict(), { maxAttempts: 3, long: true });
const ids = z.array(z.number().int().positive());
/** Indexes again the titles an editor changed and the episodes of a channel read from its feed. */
export const refreshJob = defineJob(
  'search.refresh',
  z.object({ books: ids, summaries: ids, podcasts: ids }).strict(),
  { maxAttempts: 5, transactional: true },
);
/** Forgets searches too old to count for the popular lists. */
export const pruneSearchLogJob = defineJob('search.prune-log', z.object({}).strict());

const POPULAR_WINDOW_MS = 30 * DAY_MS;
const TOP_WINDOW_MS = 7 * DAY_MS;
/** a query must have been searched this often to be shown to others as popular */
const POPULAR_MIN_SEARCHES = 2;
const POPULAR_CANDIDATES = 50;
const TOP_SEARCHES_TAKE = 10;
const LISTS_TTL_MS = 60_000;
const RESULTS_TTL_MS = 30_000;
const NEIGHBOURS_TTL_MS = 10 * 60_000;
/** how many closest titles the trigram fallback offers */
const SIMILAR_TAKE = 40;

const lastPageOf = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

export interface SearchDependencies {
  catalog: CatalogService;
  podcasts: PodcastsService;
  onLogError?: (error: unknown) => void;
  /** how far result counts are exact (SEARCH_COUNT_CAP unless a test wants it reached) */
  countCap?: number;
}

/**
 * Search over books, summaries and podcast episodes. Callers see only this interface; the
 * PostgreSQL full-text and trigram implementation behind it could give way to a dedicated
 * engine without them noticing. Inside a transaction nothing cached is used or kept: it reads
 * on the transaction, whose statements run on its own connection.
 */
export function searchService(context: Kernel, deps: SearchDependencies) {
  const pooled = searchRepository(context.db.db, { countCap: deps.countCap, prepare: context.db.prepare });
  const repository = boundRepositoryWith({ db: context.db.db, repository: pooled }, (db: SearchDb) =>
    searchRepository(db, { countCap: deps.countCap, prepare: prepareOn(db) }),
  );
  // Searches are recorded off the request path, by no caller's transaction.
  const log: QueryLog = queryLog(pooled, { onError: deps.onLogError });
  // Search-as-you-type repeats itself: the same few letters are typed by many people at once.
  // Results show titles and prices: kept in the kernel's tagged caches, so any catalogue
  // change drops them (ADR 019).
  const suggestions = context.caches.lru<string, SearchHit[]>({ max: 5_000, ttlMs: RESULTS_TTL_MS });
  // A result page is kept per folded query, so 'tsagaan sar' and 'цагаан сар' share it; the
  // answers made from it (one per spelling, as an answer echoes the query) live as long as it
  // does, so a repeated search is the same object, which the serialiser checks and stringifies
  // once.
  type Page = { data: SearchHit[]; counts: SearchCounts; capped: SearchType[] };
  const pages = context.caches.lru<string, Page>({ max: 2_000, ttlMs: RESULTS_TTL_MS });
  const answersOf = new WeakMap<Page, Map<string, SearchResult>>();

  // The dictionary changes only with the index: each word's one-edit neighbours are looked up once.
  const neighbours = context.caches.lru<string, { term: string }[]>({
    max: 20_000,
    ttlMs: NEIGHBOURS_TTL_MS,
    tags: () => [tag.search],
  });
  async function termsNear(ctx: Ctx, queryWords: string[]): Promise<{ term: string }[]> {
    const long = queryWords.filter((word) => word.length >= TYPO_FROM);
    const lookUp = async (missing: string[]) => {
      const rows = await repository(ctx).termsNear(typoVariants(missing));
      return new Map(
        missing.map((word) => {
          const variants = new Set(deletionVariants(word));
          return [word, rows.filter((row) => variants.has(row.variant))];
        }),
      );
    };
    const found = ctx.inTransaction ? await lookUp(long) : await neighbours.getMany(long, lookUp);
    return [...found.values()].flat();
  }

  /** The page of hits and the tab counts: every word required, then any word, then trigrams. */
  async function find(
    ctx: Ctx,
    words: QueryWords,
    options: Omit<MatchPlan, 'match' | 'rank' | 'exact' | 'phrase' | 'bodyMatch'> & { body: boolean },
  ): Promise<Found> {
    const { body, ...rest } = options;
    const typos = typoTerms(words.words, await termsNear(ctx, words.words));
    const all = { ...tsQueries(words, typos, '&', { body }), phrase: words.phrase, ...rest };
    const found = await repository(ctx).search(all);
    if (found.counts.all > 0) return found;
    if (words.words.length > 1) {
      const any = await repository(ctx).search({ ...all, ...tsQueries(words, typos, '|', { body }) });
      if (any.counts.all > 0) return any;
    }
    // Nothing shares a word with the query (two typos, run-together words): closest titles.
    const similar = await repository(ctx).similarTitles(words.phrase, options.categoryId, SIMILAR_TAKE);
    const counts = Object.fromEntries(
      searchTypes.map((type) => [type, similar.filter((d) => inTab(type, d)).length]),
    ) as SearchCounts;
    const hits = similar
      .filter((d) => inTab(options.type, d))
      .slice(options.offset, options.offset + options.limit)
      .map(({ kind, itemId }) => ({ kind, itemId }));
    return { hits, cardRows: null, counts, capped: [] };
  }

  /** the hits' cards, in their order: books and summaries from the rows read with them, if any */
  async function cards(ctx: Ctx, { hits, cardRows }: Pick<Found, 'hits' | 'cardRows'>): Promise<SearchHit[]> {
    const ids = groupBy(hits, (h) => h.kind);
    const idsOf = (kind: Hit['kind']) => (ids.get(kind) ?? []).map((h) => h.itemId);
    const [books, summaries, episodes] = await Promise.all([
      cardRows ? deps.catalog.bookCardsOf(cardRows.books) : deps.catalog.bookCardsByIds(ctx, idsOf('book')),
      cardRows
        ? deps.catalog.summaryCardsOf(cardRows.summaries)
        : deps.catalog.summaryCardsByIds(ctx, idsOf('summary')),
      deps.podcasts.episodeCardsByIds(ctx, idsOf('episode')),
    ]);
    const byKey = new Map<string, SearchHit>([
      ...books.map((c) => [`book:${c.id}`, c] as [string, SearchHit]),
      ...summaries.map((c) => [`summary:${c.id}`, c] as [string, SearchHit]),
      ...episodes.map((c) => [`episode:${c.id}`, c] as [string, SearchHit]),
    ]);
    return hits.flatMap((h) => byKey.get(`${h.kind}:${h.itemId}`) ?? []);
  }

  // The popular lists are the same for everyone: kept, and read on the kernel's root context.
  const readPopularCandidates = (ctx: Ctx) =>
    repository(ctx).popularQueries(new Date(Date.now() - POPULAR_WINDOW_MS), POPULAR_MIN_SEARCHES, POPULAR_CANDIDATES);
  const popularCandidates = cached(LISTS_TTL_MS, () => readPopularCandidates(context.root));
  async function readTopSearches(ctx: Ctx): Promise<TopSearch[]> {
    const rows = await repository(ctx).popularQueries(
      new Date(Date.now() - TOP_WINDOW_MS),
      POPULAR_MIN_SEARCHES,
      TOP_SEARCHES_TAKE,
    );
    return rows.map((r) => ({ query: r.query, searches_count: r.searches }));
  }
  const topSearches = cached(LISTS_TTL_MS, () => readTopSearches(context.root));

  return {
    async search(ctx: Ctx, query: SearchQuery, userId: number | null = null): Promise<SearchResult> {
      const words = queryWords(query.q);
      const perPage = query['page[size]'];
      const empty: SearchResult = {
        data: [],
        current_page: 1,
        last_page: 1,
        per_page: perPage,
        total: 0,
        counts: NO_COUNTS,
        capped_counts: [],
        query: words.display,
        type: query.type,
      };
      if (words.words.length === 0) return empty;

      const key = JSON.stringify([
        words.phrase,
        words.lastIsPrefix,
        query.type,
        query.page,
        perPage,
        query.category_id,
        query.sort,
      ]);
      const findPage = async (): Promise<Page> => {
        const found = await find(ctx, words, {
          body: true,
          counts: true,
          type: query.type,
          categoryId: query.category_id,
          sort: query.sort,
          limit: perPage,
          offset: (query.page - 1) * perPage,
        });
        // past the last page: nothing to show, so no cards to make
        const beyond = query.page > lastPageOf(found.counts[query.type], perPage);
        return { data: beyond ? [] : await cards(ctx, found), counts: found.counts, capped: found.capped };
      };
      const page = ctx.inTransaction ? await findPage() : await pages.get(key, findPage);
      const total = page.counts[query.type];
      const lastPage = lastPageOf(total, perPage);
      if (query.page > lastPage)
        throw new AppError('VALIDATION_ERROR', mn.search.pageOutOfRange, { page: mn.search.pageOutOfRange });
      let answers = answersOf.get(page);
      if (!answers) answersOf.set(page, (answers = new Map()));
      let result = answers.get(words.display);
      if (!result) {
        result = {
          data: page.data,
          current_page: query.page,
          last_page: lastPage,
          per_page: perPage,
          total,
          counts: page.counts,
          capped_counts: page.capped,
          query: words.display,
          type: query.type,
        };
        answers.set(words.display, result);
      }
      if (query.page === 1) {
        log.record({ query: words.display, type: query.type, resultsCount: result.total, userId, at: new Date() });
      }
      return result;
    },

    /** the first few items for what is being typed, from titles and names only */
    async suggest(ctx: Ctx, q: string): Promise<SearchHit[]> {
      const words = queryWords(q);
      if (words.words.length === 0 || words.display.length < 2) return [];
      const key = JSON.stringify([words.phrase, words.lastIsPrefix]);
      const suggest = async () => {
        const found = await find(ctx, words, {
          body: false,
          counts: false,
          type: 'all',
          sort: 'relevance',
          limit: SUGGESTIONS_TAKE,
          offset: 0,
        });
        return cards(ctx, found);
      };
      return ctx.inTransaction ? suggest() : suggestions.get(key, suggest);
    },

    /** popular queries (`sort` of the spec's `?sort=-results_count&take=3`) */
    async popularQueries(
      ctx: Ctx,
      sort: '-results_count' | 'results_count' | '-searches_count',
      take: number,
    ): Promise<PopularQuery[]> {
      const candidates = ctx.inTransaction ? await readPopularCandidates(ctx) : await popularCandidates();
      const rows = candidates.map((r) => ({
        query: r.query,
        results_count: r.results,
        searches_count: r.searches,
      }));
      const by = {
        '-results_count': (a: PopularQuery, b: PopularQuery) => b.results_count - a.results_count,
        results_count: (a: PopularQuery, b: PopularQuery) => a.results_count - b.results_count,
        '-searches_count': (a: PopularQuery, b: PopularQuery) => b.searches_count - a.searches_count,
      }[sort];
      return rows.sort((a, b) => by(a, b) || a.query.localeCompare(b.query)).slice(0, take);
    },

    topSearches: (ctx: Ctx): Promise<TopSearch[]> => (ctx.inTransaction ? readTopSearches(ctx) : topSearches()),

    needsIndexing: (ctx: Ctx) => repository(ctx).isEmpty(),

    /**
     * Rebuilds the whole index from the catalogue and podcasts, under the index's lock (refreshes
     * wait for it). Its tables' statistics are refreshed once it has committed (VACUUM runs
     * outside any transaction).
     */
    async reindex(ctx: Ctx): Promise<{ documents: number; terms: number; ms: number }> {
      const started = performance.now();
      const index = await transaction(ctx, async (tx) => {
        await repository(tx).lockIndex('rebuild');
        const built = await buildSearchIndex(tx, deps.catalog, deps.podcasts);
        await repository(tx).replaceIndex(built.documents, built.terms, built.variants);
        // every process's results, suggestions and dictionary lookups came from the old index
        context.invalidate(tx, [tag.search]);
        return built;
      });
      if (ctx.inTransaction) ctx.afterCommit(() => pooled.analyze());
      else await repository(ctx).analyze();
      return {
        documents: index.documents.length,
        terms: index.terms.size,
        ms: Math.round(performance.now() - started),
      };
    },

    /**
     * Indexes again the items of `scope` (what an editor changed, a channel's episodes) in place:
     * searches find the change as soon as this commits, without a rebuild.
     */
    async refresh(ctx: Ctx, scope: IndexScope): Promise<{ documents: number; ms: number }> {
      const started = performance.now();
      const documents = await transaction(ctx, async (tx) => {
        await repository(tx).lockIndex('refresh');
        const fresh = await searchDocuments(tx, deps.catalog, deps.podcasts, scope);
        const { terms, variants } = dictionaryOf(fresh);
        const episodes = fresh.filter((d) => d.kind === 'episode').map((d) => d.itemId);
        await repository(tx).replaceDocuments(
          [
            { kind: 'book', ids: scope.books },
            { kind: 'summary', ids: scope.summaries },
            { kind: 'episode', ids: episodes },
          ],
          fresh,
          terms,
          variants,
        );
        context.invalidate(tx, [tag.search]);
        return fresh.length;
      });
      return { documents, ms: Math.round(performance.now() - started) };
    },

    pruneLog: (ctx: Ctx, olderThanMs: number) => repository(ctx).pruneLog(new Date(Date.now() - olderThanMs)),

    /** writes buffered query records; call before shutting down */
    close: () => log.close(),
    flushLog: () => log.flush(),
  };
}

export type SearchService = ReturnType<typeof searchService>;
