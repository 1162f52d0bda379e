import { defineEndpoint } from './endpoint';
import { healthResponse, readinessResponse } from './http';

const tags = ['system'];

/** Liveness and readiness, for load balancers and orchestrators. */
export const systemEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/healthz',
    tags,
    summary: 'The process is alive',
    response: healthResponse,
  }),
  readiness: defineEndpoint({
    method: 'GET',
    path: '/readyz',
    tags,
    summary: 'The process can serve: what it depends on answers',
    response: readinessResponse,
    otherResponses: { 503: readinessResponse },
  }),
};
