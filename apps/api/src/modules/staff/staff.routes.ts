import type { FastifyPluginAsync } from 'fastify';
import { STAFF_COOKIE } from '@nomsan/contracts/staff';
import { staffEndpoints as endpoints } from '@nomsan/contracts/staff.endpoints';
import { route } from '../../lib/endpoint-route';
import { actorOf, clearStaffCookie, requireStaff, setStaffCookie } from './staff-gate';
import type { StaffModule } from './staff.module';

/** The back office's own routes (docs/staff.md); each names the roles it needs in its endpoint. */
export const staffRoutes: FastifyPluginAsync<{ staff: StaffModule }> = async (app, { staff }) => {
  const { access, people, audit } = staff;

  route(app, endpoints.signIn, async (request) => {
    const { challenge, expiresAt } = await access.signIn(request.ctx, request.body, request.ip);
    return { data: { challenge, expires_at: expiresAt.toISOString() } };
  });

  route(app, endpoints.verify, async (request, reply) => {
    const { token } = await access.verify(request.ctx, request.body, request.ip);
    setStaffCookie(request, reply, token);
    const principal = (await access.resolve(request.ctx, token))!;
    return { data: await access.me(request.ctx, principal) };
  });

  route(app, endpoints.signOut, async (request, reply) => {
    await access.signOut(request.ctx, requireStaff(request).sessionId);
    clearStaffCookie(request, reply);
    return { data: { ok: true as const } };
  });

  route(app, endpoints.me, async (request) => ({ data: await access.me(request.ctx, requireStaff(request)) }));

  route(app, endpoints.changePassword, async (request) => {
    await access.changePassword(request.ctx, requireStaff(request), {
      currentPassword: request.body.current_password,
      password: request.body.password,
    });
    return { data: { ok: true as const } };
  });

  route(app, endpoints.renewRecoveryCodes, async (request) => ({
    data: { recovery_codes: await access.renewRecoveryCodes(request.ctx, requireStaff(request), request.body.code) },
  }));

  route(app, endpoints.list, async (request) => ({ data: await people.list(request.ctx) }));

  route(app, endpoints.invite, async (request) => ({
    data: await people.invite(request.ctx, actorOf(requireStaff(request)), request.body),
  }));

  route(app, endpoints.revokeInvite, async (request) => {
    await people.revokeInvite(request.ctx, actorOf(requireStaff(request)), request.params.id);
    return { data: { ok: true as const } };
  });

  route(app, endpoints.openInvite, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { data: await people.opened(request.ctx, request.params.token) };
  });

  route(app, endpoints.acceptInvite, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const { session, recoveryCodes } = await people.accept(request.ctx, request.params.token, request.body);
    // an earlier staff session of this browser (someone else's) ends here
    if (request.cookies[STAFF_COOKIE]) clearStaffCookie(request, reply);
    setStaffCookie(request, reply, session.token);
    return { data: { recovery_codes: recoveryCodes } };
  });

  route(app, endpoints.setRoles, async (request) => ({
    data: await people.setRoles(request.ctx, actorOf(requireStaff(request)), request.params.id, request.body.roles),
  }));

  route(app, endpoints.remove, async (request) => ({
    data: await people.remove(request.ctx, actorOf(requireStaff(request)), request.params.id),
  }));

  route(app, endpoints.audit, async (request) => {
    const { staff_id, object_type, object_id, before, limit } = request.query;
    const page = await audit.list(
      request.ctx,
      {
        ...(staff_id !== undefined ? { staffId: staff_id } : {}),
        ...(object_type !== undefined ? { objectType: object_type } : {}),
        ...(object_id !== undefined ? { objectId: object_id } : {}),
        ...(before !== undefined ? { before } : {}),
      },
      limit,
    );
    return { data: { entries: page.entries, next_before: page.nextBefore } };
  });
};
