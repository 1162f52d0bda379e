import type { FastifyPluginAsync } from 'fastify';
import { accountEndpoints as endpoints } from '@nomsan/contracts/account.endpoints';
import { route } from '../../lib/endpoint-route';
import { clearSessionCookies, requireUser } from '../identity/identity.service';
import type { AccountService } from './account.service';

/** Settings: profile, devices and password of the signed-in user. */
export const accountRoutes: FastifyPluginAsync<{ account: AccountService }> = async (app, { account }) => {
  route(app, endpoints.updateProfile, async (request) => ({
    data: await account.updateProfile(request.ctx, requireUser(request).userId, request.body),
  }));

  route(app, endpoints.devices, async (request) => {
    const session = requireUser(request);
    return { data: await account.devices(request.ctx, session.userId, session.id) };
  });

  route(app, endpoints.revokeDevice, async (request, reply) => {
    const session = requireUser(request);
    await account.revokeDevice(request.ctx, session.userId, request.params.id);
    if (request.params.id === session.id) clearSessionCookies(request, reply);
    return { data: { ok: true as const } };
  });

  route(app, endpoints.changePassword, async (request) => {
    const session = requireUser(request);
    const signedOut = await account.changePassword(request.ctx, session.userId, session.id, {
      currentPassword: request.body.current_password,
      password: request.body.password,
    });
    return { data: { ok: true as const, signed_out_devices: signedOut } };
  });
};
