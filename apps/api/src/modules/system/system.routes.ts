import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponse, readinessResponse } from '@nomsan/contracts/http';

/** Liveness and readiness for load balancers and orchestrators. */
/** `ready` says whether what this process depends on answers (its database, or the API). */
export const systemRoutes: FastifyPluginAsync<{ ready: () => Promise<boolean> }> = async (app, { ready }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/healthz',
    {
      schema: { tags: ['system'], summary: 'The process is alive', response: { 200: healthResponse } },
      logLevel: 'warn',
    },
    async () => ({ status: 'ok' as const }),
  );

  api.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'The process can serve: what it depends on answers',
        response: { 200: readinessResponse, 503: readinessResponse },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const ok = await ready();
      return reply.status(ok ? 200 : 503).send({
        status: ok ? ('ok' as const) : ('unavailable' as const),
        database: ok ? ('ok' as const) : ('unavailable' as const),
      });
    },
  );
};
