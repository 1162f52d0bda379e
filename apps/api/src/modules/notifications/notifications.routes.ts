import type { FastifyPluginAsync } from 'fastify';
import { notificationsEndpoints as endpoints } from '@nomsan/contracts/notifications.endpoints';
import { route } from '../../lib/endpoint-route';
import type { RouteContext } from '../../kernel/module';
import { requireUser } from '../identity/identity.service';

/** The member's notifications centre: the bell's count, the list, seen and removed. */
export const notificationsRoutes: FastifyPluginAsync<RouteContext> = async (app, { services }) => {
  const { notifications } = services;
  const userOf = (request: Parameters<typeof requireUser>[0]) => requireUser(request).userId;

  route(app, endpoints.status, async (request) => ({
    data: await notifications.status(request.ctx, userOf(request)),
  }));
  route(app, endpoints.list, async (request) => ({
    data: await notifications.list(request.ctx, userOf(request), request.query.page, request.query.per_page),
  }));
  route(app, endpoints.markAllSeen, async (request) => ({
    data: await notifications.markAllSeen(request.ctx, userOf(request)),
  }));
  route(app, endpoints.remove, async (request) => ({
    data: await notifications.remove(request.ctx, userOf(request), request.params.id),
  }));
};
