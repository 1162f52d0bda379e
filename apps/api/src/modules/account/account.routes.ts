import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deviceParams,
  devicesResponse,
  okResponse,
  passwordChangeRequest,
  passwordChangeResponse,
  profileUpdateRequest,
  userResponse,
} from '@nomsan/contracts/identity';
import { clearSessionCookies, requireUser } from '../identity/session';
import type { AccountService } from './account.service';

const tags = ['account'];
const config = { auth: 'required' as const };

/** Settings: profile, devices and password of the signed-in user. */
export const accountRoutes: FastifyPluginAsync<{ account: AccountService }> = async (app, { account }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.patch(
    '/api/user',
    {
      config,
      schema: {
        tags,
        summary: 'Update the profile: name, e-mail, avatar',
        body: profileUpdateRequest,
        response: { 200: userResponse },
      },
    },
    async (request) => ({ data: await account.updateProfile(requireUser(request).userId, request.body) }),
  );

  api.get(
    '/account/api/devices',
    { config, schema: { tags, summary: 'Signed-in devices', response: { 200: devicesResponse } } },
    async (request) => {
      const session = requireUser(request);
      return { data: await account.devices(session.userId, session.id) };
    },
  );

  api.delete(
    '/account/api/devices/:id',
    {
      config,
      schema: { tags, summary: 'Sign a device out', params: deviceParams, response: { 200: okResponse } },
    },
    async (request, reply) => {
      const session = requireUser(request);
      await account.revokeDevice(session.userId, request.params.id);
      if (request.params.id === session.id) clearSessionCookies(request, reply);
      return { data: { ok: true as const } };
    },
  );

  api.post(
    '/account/api/password',
    {
      config,
      schema: {
        tags,
        summary: 'Change the password; signs out every other device',
        body: passwordChangeRequest,
        response: { 200: passwordChangeResponse },
      },
    },
    async (request) => {
      const session = requireUser(request);
      const signedOut = await account.changePassword(session.userId, session.id, {
        currentPassword: request.body.current_password,
        password: request.body.password,
      });
      return { data: { ok: true as const, signed_out_devices: signedOut } };
    },
  );
};
