import type { FastifyInstance } from 'fastify';
import { unitelEndpoints as unitel } from '@nomsan/contracts/subscriptions.endpoints';
import { route } from '../../lib/endpoint-route';
import type { RouteContext } from '../../kernel/module';
import { requireUser } from '../identity/identity.service';
import { planView } from './subscriptions.views';
import { unitelConsentsOf } from './unitel.service';

/**
 * Unitel carrier billing's plans and the subscriber's consent (spec section 7, verbatim paths);
 * taking the subscription is checkout's (`POST /v4/billing/unitel/subscriptions`).
 */
export function unitelRoutes(app: FastifyInstance, context: RouteContext): void {
  const { billing } = context.services;
  const consents = unitelConsentsOf(context);

  route(app, unitel.plans, async (request) => {
    const type = request.query.type;
    return {
      data: (await billing.subscriptions.plans(request.ctx, type === 'all' ? undefined : type)).map(planView),
    };
  });
  route(app, unitel.otpSend, async (request) => ({
    data: await consents.send(requireUser(request).userId, request.body.phone, request.ip),
  }));
  route(app, unitel.otpCheck, async (request) => ({
    data: await consents.check(requireUser(request).userId, request.body.phone, request.body.code, request.ip),
  }));
}
