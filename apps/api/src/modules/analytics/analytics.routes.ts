import type { FastifyPluginAsync } from 'fastify';
import { analyticsEndpoints as endpoints } from '@nomsan/contracts/analytics.endpoints';
import { route } from '../../lib/endpoint-route';
import type { RouteContext } from '../../kernel/module';
import { requireUser } from '../identity/identity.service';

export const analyticsRoutes: FastifyPluginAsync<RouteContext> = async (app, { services }) => {
  const analytics = services.analytics;

  route(app, endpoints.events, async (request) => ({
    data: await analytics.recordProgress(request.ctx, { userId: request.session?.userId ?? null }, request.body.file),
  }));

  route(app, endpoints.podcastProgress, async (request) => ({
    data: await analytics.podcastProgress(request.ctx, requireUser(request).userId, request.query.publication_id),
  }));
};
