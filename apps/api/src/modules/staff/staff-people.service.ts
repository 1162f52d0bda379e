import { createHmac } from 'node:crypto';
import { mn } from '@nomsan/contracts/messages';
import type { StaffInvite, StaffMember, StaffRole } from '@nomsan/contracts/staff';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import type { NotificationsService } from '../notifications/notifications.service';
import { acceptablePassword, hashPassword, randomToken, tokenHash } from '../identity/identity.service';
import type { Actor, AuditLog } from './audit.service';
import type { StaffAccessService } from './staff-access.service';
import type { SecondFactor } from './second-factor';
import { staffRepository, type InviteRow, type MemberRow } from './staff.repository';

/** An invitation's link is good for a week. */
const INVITE_MS = 7 * 24 * 60 * 60_000;
/** the sandbox's demo owner signs in with this login; the outbox tells the rest */
export const DEMO_OWNER_LOGIN = 'owner@nomsan.demo';

const toMember = (row: MemberRow): StaffMember => ({
  id: row.id,
  name: row.name,
  login: row.login,
  roles: row.roles as StaffRole[],
  removed: row.removedAt !== null,
  last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/**
 * The people of the back office (docs/staff.md): owners invite someone by phone or e-mail with
 * roles; the invitation's link sets a password and the authenticator app, and signs them in.
 * Owners change roles and remove people (their sessions end at once); the last owner stays.
 * Every change is in the audit log, in its transaction.
 */
export function staffPeopleService(deps: {
  clock: Clock;
  secret: string;
  publicBaseUrl: string;
  factor: SecondFactor;
  audit: AuditLog;
  access: StaffAccessService;
  notifications: NotificationsService;
}) {
  const { clock, factor } = deps;
  const repository = boundRepository(staffRepository);
  const inviteUrl = (token: string) => new URL(`/admin/invite/${token}`, deps.publicBaseUrl).toString();

  const toInvite = (row: InviteRow, names: Map<number, string>): StaffInvite => ({
    id: row.id,
    name: row.name,
    login: row.login,
    roles: row.roles as StaffRole[],
    expires_at: row.expiresAt.toISOString(),
    invited_by: row.invitedBy === null ? 'npm run admin' : (names.get(row.invitedBy) ?? ''),
  });

  /**
   * The start of a change to someone's roles or place: owners' rows locked (one change at a
   * time), the actor checked to be an owner still (their request passed the gate before an
   * earlier change removed them), then the member locked.
   */
  async function lockForChange(tx: Ctx, who: Actor, staffId: number): Promise<MemberRow> {
    const owners = await repository(tx).lockOwners();
    if (who.staffId !== null && !owners.includes(who.staffId)) throw new AppError('FORBIDDEN');
    const member = await repository(tx).lockMember(staffId);
    if (!member || member.removedAt) throw new AppError('NOT_FOUND', mn.staff.notFound);
    return member;
  }

  async function openInvite(ctx: Ctx, token: string, lock = false): Promise<InviteRow> {
    const invite = await repository(ctx).openInvite(tokenHash(token), clock.now(), lock);
    if (!invite) throw new AppError('NOT_FOUND', mn.staff.linkInvalid);
    return invite;
  }

  return {
    async list(ctx: Ctx): Promise<{ members: StaffMember[]; invites: StaffInvite[] }> {
      const [members, invites] = await Promise.all([
        repository(ctx).members(),
        repository(ctx).openInvites(clock.now()),
      ]);
      const names = new Map(members.map((m) => [m.id, m.name]));
      return { members: members.map(toMember), invites: invites.map((row) => toInvite(row, names)) };
    },

    /**
     * Invites someone (again: the earlier link ends) and sends the link by SMS or e-mail;
     * answers it too, for the owner to pass on.
     */
    async invite(ctx: Ctx, who: Actor, input: { name: string; login: string; roles: StaffRole[] }) {
      const token = randomToken();
      const invite = await transaction(ctx, async (tx) => {
        const existing = await repository(tx).memberByLogin(input.login);
        if (existing && !existing.removedAt) throw new AppError('CONFLICT', mn.staff.inviteExists);
        const row = await repository(tx).replaceInvite(
          {
            tokenHash: tokenHash(token),
            name: input.name,
            login: input.login,
            roles: input.roles,
            totpSecret: factor.newSecret().sealed,
            invitedBy: who.staffId,
            expiresAt: new Date(clock.now().getTime() + INVITE_MS),
          },
          clock.now(),
        );
        await deps.audit.record(tx, who, 'staff.invite', 'staff_invite', row.id, {
          after: { name: input.name, login: input.login, roles: input.roles },
        });
        const roles = input.roles.map((role) => mn.staff.roles[role]).join(', ');
        await deps.notifications.sendTo(tx, {
          ...(input.login.includes('@') ? { email: input.login } : { phone: input.login }),
          subject: mn.staff.invite.subject,
          text: mn.staff.invite.text(input.name, roles, inviteUrl(token)),
        });
        return row;
      });
      return {
        invite: toInvite(invite, new Map(who.staffId ? [[who.staffId, who.actor]] : [])),
        url: inviteUrl(token),
      };
    },

    /** what an invitation's link shows: who, which roles, and the authenticator to add */
    async opened(ctx: Ctx, token: string) {
      const invite = await openInvite(ctx, token);
      const secret = factor.open(invite.totpSecret);
      const enrolment = await factor.enrolment(secret, invite.login);
      return {
        name: invite.name,
        login: invite.login,
        roles: invite.roles as StaffRole[],
        totp_secret: secret,
        totp_uri: enrolment.uri,
        totp_qr_svg: enrolment.qrSvg,
      };
    },

    /**
     * Accepts an invitation: the password, and a code that proves the app was set up. Makes the
     * staff member (a removed one with that login comes back), signs them in, answers the
     * recovery codes (shown once).
     */
    async accept(ctx: Ctx, token: string, input: { password: string; code: string }) {
      const passwordHash = await acceptablePassword(input.password);
      return transaction(ctx, async (tx) => {
        const invite = await openInvite(tx, token, true);
        const secret = factor.open(invite.totpSecret);
        const step = factor.stepOf(secret, input.code, clock.now());
        if (step === null) throw new AppError('VALIDATION_ERROR', mn.staff.codeWrong, { code: mn.staff.codeWrong });
        const fields = {
          name: invite.name,
          roles: invite.roles,
          passwordHash,
          totpSecret: invite.totpSecret,
          totpLastStep: step,
          demo: false,
          removedAt: null,
        };
        const existing = await repository(tx).memberByLogin(invite.login);
        if (existing && !existing.removedAt) throw new AppError('CONFLICT', mn.staff.inviteExists);
        const member = existing
          ? (await repository(tx).updateMember(existing.id, fields))!
          : await repository(tx).insertMember({ ...fields, login: invite.login });
        await repository(tx).acceptInvite(invite.id, clock.now());
        const codes = factor.newRecoveryCodes();
        await repository(tx).replaceRecoveryCodes(member.id, codes.hashes);
        await deps.audit.record(tx, { staffId: member.id, actor: member.name }, 'staff.join', 'staff', member.id, {
          after: { name: member.name, login: member.login, roles: member.roles, invite: invite.id },
        });
        const session = await deps.access.startSession(tx, member);
        return { session, recoveryCodes: codes.shown };
      });
    },

    /** another member's roles (not one's own); the store keeps an owner */
    async setRoles(ctx: Ctx, who: Actor, staffId: number, roles: StaffRole[]): Promise<StaffMember> {
      if (who.staffId === staffId) throw new AppError('BUSINESS_RULE', mn.staff.notSelf);
      return transaction(ctx, async (tx) => {
        const member = await lockForChange(tx, who, staffId);
        const updated = (await repository(tx).updateMember(staffId, { roles }))!;
        if ((await repository(tx).ownersLeft()) === 0) throw new AppError('BUSINESS_RULE', mn.staff.lastOwner);
        // a session carries no roles of its own: the next request is judged by the new ones
        await deps.audit.record(tx, who, 'staff.roles', 'staff', staffId, {
          before: { roles: member.roles },
          after: { roles },
        });
        return toMember(updated);
      });
    },

    /** removes someone (not oneself): their sessions end, their name stays in the log */
    async remove(ctx: Ctx, who: Actor, staffId: number): Promise<StaffMember> {
      if (who.staffId === staffId) throw new AppError('BUSINESS_RULE', mn.staff.notSelf);
      return transaction(ctx, async (tx) => {
        const member = await lockForChange(tx, who, staffId);
        const updated = (await repository(tx).updateMember(staffId, { removedAt: clock.now() }))!;
        if ((await repository(tx).ownersLeft()) === 0) throw new AppError('BUSINESS_RULE', mn.staff.lastOwner);
        await repository(tx).revokeSessionsOf(staffId, clock.now());
        await deps.audit.record(tx, who, 'staff.remove', 'staff', staffId, {
          before: { roles: member.roles },
        });
        return toMember(updated);
      });
    },

    async revokeInvite(ctx: Ctx, who: Actor, inviteId: number): Promise<void> {
      await transaction(ctx, async (tx) => {
        const invite = await repository(tx).revokeInvite(inviteId, clock.now());
        if (!invite) throw new AppError('NOT_FOUND', mn.staff.linkInvalid);
        await deps.audit.record(tx, who, 'staff.invite_revoke', 'staff_invite', inviteId, {
          before: { login: invite.login, roles: invite.roles },
        });
      });
    },

    /**
     * The sandbox's demo owner: made at the first start with details derived from the store's
     * secret, and sent to the outbox at every start until its password is changed (then it is
     * an owner like any other and nothing is sent).
     */
    async ensureDemoOwner(ctx: Ctx): Promise<void> {
      const derived = (purpose: string) =>
        createHmac('sha256', deps.secret).update(`demo-owner\u0000${purpose}`).digest();
      const password = `demo-${derived('password').toString('base64url').slice(0, 16)}`;
      const totp = factor.secretFrom(derived('totp').subarray(0, 20));
      let member = await repository(ctx).memberByLogin(DEMO_OWNER_LOGIN);
      if (!member) {
        try {
          member = await transaction(ctx, async (tx) => {
            const made = await repository(tx).insertMember({
              name: 'Demo эзэмшигч',
              login: DEMO_OWNER_LOGIN,
              roles: ['owner'],
              passwordHash: await hashPassword(password),
              totpSecret: totp.sealed,
              demo: true,
            });
            await repository(tx).replaceRecoveryCodes(made.id, factor.newRecoveryCodes().hashes);
            await deps.audit.record(tx, { staffId: null, actor: 'sandbox' }, 'staff.demo_owner', 'staff', made.id);
            return made;
          });
        } catch (error) {
          // another process made it at the same time
          if (!isUniqueViolation(error)) throw error;
          member = await repository(ctx).memberByLogin(DEMO_OWNER_LOGIN);
        }
      }
      if (!member?.demo || member.removedAt) return;
      await deps.notifications.sendTo(ctx, {
        email: DEMO_OWNER_LOGIN,
        subject: mn.staff.demoOwner.subject,
        text: mn.staff.demoOwner.text(
          DEMO_OWNER_LOGIN,
          password,
          totp.base32,
          new URL('/admin', deps.publicBaseUrl).toString(),
        ),
      });
    },
  };
}

export type StaffPeopleService = ReturnType<typeof staffPeopleService>;
