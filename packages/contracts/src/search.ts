import { z } from 'zod';
import { image, summaryCard, typedBookCards } from './catalog';
import { envelope, MAX_ID, queryInt } from './http';
import { mn } from './messages';
import { SEARCH_MAX_PAGE, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX, searchSorts, searchTypes } from './search-options';

/** Search read models and query parameters (spec section 7: discovery search, popular queries). */

export * from './search-options';

/** `q` as typed: anything up to 200 characters; blank means "no search" (an empty answer). */
const q = z.string().max(SEARCH_QUERY_MAX, { error: mn.search.queryTooLong }).default('');

export const searchQuery = z.object({
  q,
  type: z.enum(searchTypes, { error: mn.search.unknownType }).default('all'),
  page: queryInt(1, SEARCH_MAX_PAGE, mn.search.pageOutOfRange).default(1),
  'page[size]': queryInt(1, 50).default(SEARCH_PAGE_SIZE),
  category_id: queryInt(1, MAX_ID).optional(),
  sort: z.enum(searchSorts).default('relevance'),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export const episodeCard = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.literal('episode'),
  title: z.string(),
  podcast: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }),
  cover: image,
  duration_seconds: z.number().int(),
  published_at: z.string(),
});
export type EpisodeCard = z.infer<typeof episodeCard>;

export const searchHit = z.discriminatedUnion('type', [...typedBookCards, summaryCard, episodeCard]);
export type SearchHit = z.infer<typeof searchHit>;

/** How many results each tab of the search page has, for the same query and filters. */
export const searchCounts = z.object({
  all: z.number().int(),
  audiobook: z.number().int(),
  ebook: z.number().int(),
  episode: z.number().int(),
  summary: z.number().int(),
});
export type SearchCounts = z.infer<typeof searchCounts>;

export const searchResult = z.object({
  data: z.array(searchHit),
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  /** past SEARCH_COUNT_CAP matches a count stops: these tabs have at least their count */
  counts: searchCounts,
  capped_counts: z.array(z.enum(searchTypes)),
  /** the query as understood (trimmed, single-spaced) */
  query: z.string(),
  type: z.enum(searchTypes),
});
export type SearchResult = z.infer<typeof searchResult>;
export const searchResponse = envelope(searchResult);

export const suggestQuery = z.object({ q });
export const suggestResponse = envelope(z.array(searchHit));

export const topSearch = z.object({ query: z.string(), searches_count: z.number().int() });
export type TopSearch = z.infer<typeof topSearch>;
export const topSearchesResponse = envelope(z.array(topSearch));

export const popularQueriesQuery = z.object({
  sort: z.enum(['-results_count', 'results_count', '-searches_count']).default('-results_count'),
  take: queryInt(1, 20).default(3),
});
export const popularQuery = z.object({
  query: z.string(),
  results_count: z.number().int(),
  searches_count: z.number().int(),
});
export type PopularQuery = z.infer<typeof popularQuery>;
export const popularQueriesResponse = envelope(z.array(popularQuery));
