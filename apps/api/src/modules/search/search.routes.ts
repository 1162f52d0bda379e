import type { FastifyPluginAsync } from 'fastify';
import { searchEndpoints as endpoints } from '@nomsan/contracts/search.endpoints';
import { route } from '../../lib/endpoint-route';
import type { RouteContext } from '../../kernel/module';

export const searchRoutes: FastifyPluginAsync<RouteContext> = async (app, { services }) => {
  const search = services.search;
  app.addHook('onClose', async () => search.close());

  route(app, endpoints.search, async (request) => ({
    data: await search.search(request.ctx, request.query, request.session?.userId ?? null),
  }));

  route(app, endpoints.suggest, async (request) => ({ data: await search.suggest(request.ctx, request.query.q) }));

  route(app, endpoints.topSearches, async (request) => ({ data: await search.topSearches(request.ctx) }));

  route(app, endpoints.popularQueries, async (request) => ({
    data: await search.popularQueries(request.ctx, request.query.sort, request.query.take),
  }));
};
