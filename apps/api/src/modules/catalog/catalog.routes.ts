import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoriesResponse, newsfeedTabParams, newsfeedTabResponse } from '@nomsan/contracts/catalog';
import type { ApiContext } from '../../context';
import { podcastsService } from '../podcasts/podcasts.service';
import { catalogService } from './catalog.service';

export const catalogRoutes: FastifyPluginAsync<ApiContext> = async (app, context) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const catalog = catalogService(context, podcastsService(context));

  api.get(
    '/api/categories',
    { schema: { tags: ['catalog'], summary: 'All categories', response: { 200: categoriesResponse } } },
    async () => ({ data: await catalog.categories() }),
  );

  api.get(
    '/api/newsfeed/tabs/:tab',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Shelves of a home-feed tab',
        params: newsfeedTabParams,
        response: { 200: newsfeedTabResponse },
      },
    },
    async (request) => ({ data: await catalog.newsfeedTab(request.params.tab) }),
  );
};
