import type { FastifyPluginAsync } from 'fastify';
import { systemEndpoints as endpoints } from '@nomsan/contracts/system.endpoints';
import { route } from '../../lib/endpoint-route';

/** Liveness and readiness for load balancers and orchestrators. */
/** `ready` says whether what this process depends on answers (its database, or the API). */
export const systemRoutes: FastifyPluginAsync<{ ready: () => Promise<boolean> }> = async (app, { ready }) => {
  route(app, endpoints.health, { logLevel: 'warn' }, async () => ({ status: 'ok' as const }));

  route(app, endpoints.readiness, { logLevel: 'warn' }, async (_request, reply) => {
    const ok = await ready();
    return reply.status(ok ? 200 : 503).send({
      status: ok ? ('ok' as const) : ('unavailable' as const),
      database: ok ? ('ok' as const) : ('unavailable' as const),
    });
  });
};
