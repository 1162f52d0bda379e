import type { FastifyPluginAsync } from 'fastify';
import { podcastsEndpoints as endpoints } from '@nomsan/contracts/podcasts.endpoints';
import { route } from '../../lib/endpoint-route';
import type { RouteContext } from '../../kernel/module';

export const podcastsRoutes: FastifyPluginAsync<RouteContext> = async (app, { services }) => {
  const podcasts = services.podcasts;

  route(app, endpoints.podcastSeries, async (request) => ({
    data: await podcasts.series(request.ctx, request.params.id),
  }));

  route(app, endpoints.publication, async (request) => ({
    data: await podcasts.publication(request.ctx, request.params.id),
  }));

  route(app, endpoints.publications, async (request) => {
    const q = request.query;
    const page = await podcasts.publications(request.ctx, q['filter[series_id]'], {
      slug: q['filter[slug]'],
      page: q.page,
      perPage: q['page[size]'],
    });
    return { data: page };
  });
};
