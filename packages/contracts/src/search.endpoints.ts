import { defineEndpoint } from './endpoint';
import {
  popularQueriesQuery,
  popularQueriesResponse,
  searchQuery,
  searchResponse,
  suggestQuery,
  suggestResponse,
  topSearchesResponse,
} from './search';

const tags = ['search'];

/** Search, suggestions and what others search for. */
export const searchEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/v5/discovery/search',
    tags,
    summary: 'Search books, summaries and podcast episodes',
    description:
      'Cyrillic or Latin, typos and unfinished words included. Blank `q` answers an empty result. `counts` has the total of every tab for the same query and filters, exact up to 1 000; the tabs in `capped_counts` have at least their count.',
    query: searchQuery,
    response: searchResponse,
    // a signed-in reader's searches are recorded as theirs, so the answer is not for a CDN
    auth: 'optional',
  }),
  suggest: defineEndpoint({
    method: 'GET',
    path: '/v5/discovery/suggest',
    tags,
    summary: 'Search-as-you-type suggestions (titles and names, first six)',
    query: suggestQuery,
    response: suggestResponse,
    publicCache: true,
  }),
  topSearches: defineEndpoint({
    method: 'GET',
    path: '/v5/discovery/top-searches',
    tags,
    summary: 'Most searched queries of the last 7 days',
    response: topSearchesResponse,
    publicCache: true,
  }),
  popularQueries: defineEndpoint({
    method: 'GET',
    path: '/api/search/queries',
    tags,
    summary: 'Popular queries of the last 30 days',
    query: popularQueriesQuery,
    response: popularQueriesResponse,
    publicCache: true,
  }),
};
