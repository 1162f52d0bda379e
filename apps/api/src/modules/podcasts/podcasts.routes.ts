import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entityKey, idParam } from '@nomsan/contracts/http';
import {
  podcastSeriesResponse,
  publicationResponse,
  publicationsQuery,
  publicationsResponse,
} from '@nomsan/contracts/podcasts';
import { cachePublicly } from '../../plugins/http-caching';
import type { RouteContext } from '../../services';

export const podcastsRoutes: FastifyPluginAsync<RouteContext> = async (app, { services }) => {
  cachePublicly(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const podcasts = services.podcasts;
  const tags = ['podcasts'];

  api.get(
    '/api/podcast_series/v3/:id',
    {
      schema: {
        tags,
        summary: 'A podcast series (channel), by id or `slug:{slug}`',
        params: z.object({ id: entityKey }),
        response: { 200: podcastSeriesResponse },
      },
    },
    async (request) => ({ data: await podcasts.series(request.params.id) }),
  );

  api.get(
    '/api/publications/:id',
    {
      schema: {
        tags,
        summary: 'A podcast episode, with its series and stream URL (audio/mpeg)',
        params: z.object({ id: idParam }),
        response: { 200: publicationResponse },
      },
    },
    async (request) => ({ data: await podcasts.publication(request.params.id) }),
  );

  api.get(
    '/api/publications',
    {
      schema: {
        tags,
        summary: "A series' episodes, newest first (`filter[slug]` picks one)",
        querystring: publicationsQuery,
        response: { 200: publicationsResponse },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await podcasts.publications(q['filter[series_id]'], {
        slug: q['filter[slug]'],
        page: q.page,
        perPage: q['page[size]'],
      });
      return { data: page };
    },
  );
};
