import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  popularQueriesQuery,
  popularQueriesResponse,
  searchQuery,
  searchResponse,
  suggestQuery,
  suggestResponse,
  topSearchesResponse,
} from '@nomsan/contracts/search';
import { cachePublicly } from '../../plugins/http-caching';
import type { RouteContext } from '../../services';

export const searchRoutes: FastifyPluginAsync<RouteContext> = async (app, { services }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const search = services.search;
  const tags = ['search'];
  app.addHook('onClose', async () => search.close());

  api.get(
    '/v5/discovery/search',
    {
      // a signed-in reader's searches are recorded as theirs
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Search books, summaries and podcast episodes',
        description:
          'Cyrillic or Latin, typos and unfinished words included. Blank `q` answers an empty result. `counts` has the total of every tab for the same query and filters, exact up to 1 000; the tabs in `capped_counts` have at least their count.',
        querystring: searchQuery,
        response: { 200: searchResponse },
      },
    },
    async (request) => ({ data: await search.search(request.query, request.session?.userId ?? null) }),
  );

  // Every search is recorded, so its answers are not for a CDN to keep; what follows is.
  cachePublicly(app);

  api.get(
    '/v5/discovery/suggest',
    {
      schema: {
        tags,
        summary: 'Search-as-you-type suggestions (titles and names, first six)',
        querystring: suggestQuery,
        response: { 200: suggestResponse },
      },
    },
    async (request) => ({ data: await search.suggest(request.query.q) }),
  );

  api.get(
    '/v5/discovery/top-searches',
    { schema: { tags, summary: 'Most searched queries of the last 7 days', response: { 200: topSearchesResponse } } },
    async () => ({ data: await search.topSearches() }),
  );

  api.get(
    '/api/search/queries',
    {
      schema: {
        tags,
        summary: 'Popular queries of the last 30 days',
        querystring: popularQueriesQuery,
        response: { 200: popularQueriesResponse },
      },
    },
    async (request) => ({ data: await search.popularQueries(request.query.sort, request.query.take) }),
  );
};
