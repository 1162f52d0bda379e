import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { mn } from '@nomsan/contracts/messages';
import { checkRoles, STAFF_COOKIE, type StaffRole } from '@nomsan/contracts/staff';
import { AppError } from '../../errors';
import type { Ctx } from '../../kernel/unit-of-work';
import type { AuditLog } from './audit.service';
import { STAFF_MAX_MS, type StaffAccessService, type StaffPrincipal } from './staff-access.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * a back-office route: a staff session holding one of these roles (owners: all; empty: any
     * staff member); 401 without one, 403 outside the roles
     */
    staff?: readonly StaffRole[];
  }
  interface FastifyRequest {
    /** set on routes with `config.staff`: the signed-in staff member */
    staff: StaffPrincipal | null;
  }
}

/** The staff member of a back-office route (the gate has let them in). */
export function requireStaff(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw new AppError('UNAUTHORIZED', mn.staff.signInRequired);
  return request.staff;
}

/** Who did it, for the audit log. */
export const actorOf = (staff: StaffPrincipal) => ({ staffId: staff.staffId, actor: staff.name });

/**
 * What a desk write calls in its transaction to put its change in the audit log: the request's
 * staff member did `action` to the `objectType` whose id the change names (null: a whole list).
 */
export const auditedBy =
  (audit: Pick<AuditLog, 'record'>, request: FastifyRequest, action: string, objectType: string) =>
  (tx: Ctx, { id, ...change }: { id: number | null; before: unknown; after: unknown }) =>
    audit.record(tx, actorOf(requireStaff(request)), action, objectType, id, change);

export function setStaffCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(STAFF_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.viaHttps,
    maxAge: Math.floor(STAFF_MAX_MS / 1000),
  });
}

export function clearStaffCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(STAFF_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: request.viaHttps });
}

/**
 * The back office's gate, on every route: one whose endpoint names staff roles needs the staff
 * session cookie (a member's bearer token or cookie is no staff session) of someone holding one
 * of them, judged by their roles now (a change takes effect on their next request).
 */
export const staffGate = fp<{ access: StaffAccessService }>(
  async (app, { access }) => {
    app.decorateRequest('staff', null);
    app.addHook('onRequest', async (request, reply) => {
      const needed = request.routeOptions.config.staff;
      if (!needed) return;
      reply.header('cache-control', 'private, no-store');
      const token = request.cookies[STAFF_COOKIE];
      const principal = token ? await access.resolve(request.ctx, token) : null;
      if (!principal) {
        if (token) clearStaffCookie(request, reply);
        throw new AppError('UNAUTHORIZED', mn.staff.signInRequired);
      }
      if (!checkRoles(principal.roles, needed)) throw new AppError('FORBIDDEN');
      request.staff = principal;
    });
  },
  { name: 'nomsan-staff-gate' },
);
