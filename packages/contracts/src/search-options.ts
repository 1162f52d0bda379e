/**
 * The search API's tabs, orders and limits as plain values, without the zod schemas of
 * `./search` (which re-exports them): the search page imports these, and importing the schemas
 * would bring zod (25 KB compressed) into its first load.
 */

export const searchTypes = ['all', 'audiobook', 'ebook', 'episode', 'summary'] as const;
export type SearchType = (typeof searchTypes)[number];
export const searchSorts = ['relevance', 'popular', 'newest'] as const;
export type SearchSort = (typeof searchSorts)[number];

export const SEARCH_QUERY_MAX = 200;
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_PAGE = 500;
export const SUGGESTIONS_TAKE = 6;
/** Matches are counted exactly up to this many; past it, a tab shows "1 000+". */
export const SEARCH_COUNT_CAP = 1000;
