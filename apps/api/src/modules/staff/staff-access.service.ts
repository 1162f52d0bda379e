import { createHmac } from 'node:crypto';
import { mn } from '@nomsan/contracts/messages';
import type { StaffMe, StaffRole } from '@nomsan/contracts/staff';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { BackoffPolicy, Limiter } from '../../lib/limiter';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import {
  acceptablePassword,
  checkPassword,
  randomToken,
  rateLimited,
  sameSecret,
  tokenHash,
} from '../identity/identity.service';
import type { AuditLog } from './audit.service';
import type { SecondFactor } from './second-factor';
import { staffRepository, type MemberRow, type SessionRow } from './staff.repository';

const MINUTE_MS = 60_000;

/** A staff session ends after 30 minutes without a request, and 12 hours after sign-in. */
export const STAFF_IDLE_MS = 30 * MINUTE_MS;
export const STAFF_MAX_MS = 12 * 60 * MINUTE_MS;
/** the password step is good this long for the second */
const CHALLENGE_MS = 5 * MINUTE_MS;
/** activity is written at most this often per session */
const TOUCH_EVERY_MS = MINUTE_MS;

/** Five wrong passwords or codes for one login from one address are free; then 1 s, 2 s ... 15 min. */
const STAFF_BACKOFF: BackoffPolicy = {
  windowMs: 60 * MINUTE_MS,
  free: 5,
  firstDelayMs: 1000,
  maxDelayMs: 15 * MINUTE_MS,
};

/** The signed-in staff member of a request. */
export interface StaffPrincipal {
  sessionId: string;
  staffId: number;
  name: string;
  roles: readonly StaffRole[];
  sessionEndsAt: Date;
}

/**
 * Staff sign-in and sessions (docs/staff.md): a password, then a TOTP code or a recovery code;
 * a session of its own kind (never a member's), ended by 30 minutes idle or 12 hours in all or
 * sign-out, and at once for a member removed or given other roles.
 */
export function staffAccessService(deps: {
  clock: Clock;
  secret: string;
  limiter: Limiter;
  factor: SecondFactor;
  audit: AuditLog;
}) {
  const { clock, factor, limiter } = deps;
  const repository = boundRepository(staffRepository);

  const challengeMac = (member: MemberRow, expires: number) =>
    createHmac('sha256', deps.secret)
      .update(`staff-challenge\u0000${member.id}\u0000${expires}\u0000${member.passwordHash}`)
      .digest('base64url');

  /** the member a challenge was made for, while it is good (5 minutes, same password) */
  async function challenged(ctx: Ctx, challenge: string): Promise<MemberRow> {
    const [id, expires, ...rest] = challenge.split('_');
    const expired = () => new AppError('UNAUTHORIZED', mn.staff.challengeExpired);
    const staffId = Number(id);
    const expiresMs = Number(expires);
    if (!Number.isSafeInteger(staffId) || !Number.isSafeInteger(expiresMs) || expiresMs < clock.now().getTime())
      throw expired();
    const member = await repository(ctx).memberById(staffId);
    if (!member || member.removedAt || !sameSecret(rest.join('_'), challengeMac(member, expiresMs))) throw expired();
    return member;
  }

  async function startSession(ctx: Ctx, member: MemberRow): Promise<{ token: string; session: SessionRow }> {
    const now = clock.now();
    const token = randomToken();
    const session = await repository(ctx).insertSession({
      id: randomToken().slice(0, 22),
      staffId: member.id,
      tokenHash: tokenHash(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + STAFF_MAX_MS),
    });
    await repository(ctx).updateMember(member.id, { lastSignInAt: now });
    return { token, session };
  }

  return {
    /**
     * The password step: a challenge for the second. An unknown login and a wrong password
     * answer alike after the same argon2 work; wrong tries slow the pair of login and address.
     */
    async signIn(ctx: Ctx, input: { login: string; password: string }, ip: string) {
      const pair = `staff:signin:${input.login}:${ip}`;
      const tried = await limiter.reserve(pair, STAFF_BACKOFF);
      if (!tried.allowed) throw rateLimited(tried.retryAfterMs);
      let member: MemberRow | undefined;
      try {
        const found = await repository(ctx).memberByLogin(input.login);
        const usable = found && !found.removedAt ? found : undefined;
        member = (await checkPassword(usable?.passwordHash, input.password)) ? usable : undefined;
      } catch (error) {
        await tried.release();
        throw error;
      }
      if (!member) throw new AppError('INVALID_CREDENTIALS', mn.staff.signInFailed);
      await limiter.clear(pair);
      const expires = clock.now().getTime() + CHALLENGE_MS;
      return { challenge: `${member.id}_${expires}_${challengeMac(member, expires)}`, expiresAt: new Date(expires) };
    },

    /**
     * The second step: a TOTP code (each time step once) or an unused recovery code; answers
     * the new session's token. Wrong codes count under the same backoff as passwords.
     */
    async verify(ctx: Ctx, input: { challenge: string; code: string }, ip: string) {
      const member = await challenged(ctx, input.challenge);
      const pair = `staff:code:${member.id}:${ip}`;
      const tried = await limiter.reserve(pair, STAFF_BACKOFF);
      if (!tried.allowed) throw rateLimited(tried.retryAfterMs);
      const started = await transaction(ctx, async (tx) => {
        const code = input.code.replace(/[\s-]/g, '').toLowerCase();
        let used: 'totp' | 'recovery' | null = null;
        if (/^\d{6}$/.test(code)) {
          const step = factor.stepOf(factor.open(member.totpSecret), code, clock.now());
          if (step !== null && (await repository(tx).takeTotpStep(member.id, step))) used = 'totp';
        } else if (/^[a-z2-7]{10}$/.test(code)) {
          if (await repository(tx).useRecoveryCode(member.id, factor.recoveryHash(code), clock.now()))
            used = 'recovery';
        }
        if (!used) return null;
        const session = await startSession(tx, member);
        await deps.audit.record(tx, { staffId: member.id, actor: member.name }, 'staff.sign_in', 'staff', member.id, {
          after: { second_factor: used },
        });
        return session;
      });
      if (!started) throw new AppError('OTP_INVALID', mn.staff.codeWrong);
      await limiter.clear(pair);
      return started;
    },

    startSession,

    /** the staff member a session token opens, now; null when none (or ended) */
    async resolve(ctx: Ctx, token: string): Promise<StaffPrincipal | null> {
      const found = await repository(ctx).sessionWithMember(tokenHash(token));
      const now = clock.now();
      if (!found) return null;
      const { session, member } = found;
      if (
        session.revokedAt ||
        session.expiresAt <= now ||
        session.lastSeenAt.getTime() + STAFF_IDLE_MS <= now.getTime() ||
        member.removedAt
      )
        return null;
      if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
        await repository(ctx).touchSession(session.id, now);
      return {
        sessionId: session.id,
        staffId: member.id,
        name: member.name,
        roles: member.roles as StaffRole[],
        sessionEndsAt: new Date(
          Math.min(session.expiresAt.getTime(), Math.max(now.getTime(), session.lastSeenAt.getTime()) + STAFF_IDLE_MS),
        ),
      };
    },

    signOut: (ctx: Ctx, sessionId: string) => repository(ctx).revokeSession(sessionId, clock.now()),

    async me(ctx: Ctx, principal: StaffPrincipal): Promise<StaffMe> {
      const member = (await repository(ctx).memberById(principal.staffId))!;
      return {
        id: member.id,
        name: member.name,
        login: member.login,
        roles: member.roles as StaffRole[],
        recovery_codes_left: await repository(ctx).recoveryCodesLeft(member.id),
        session_ends_at: principal.sessionEndsAt.toISOString(),
        demo: member.demo,
      };
    },

    /** a new password: the current one first; every other session of theirs ends */
    async changePassword(ctx: Ctx, principal: StaffPrincipal, input: { currentPassword: string; password: string }) {
      const member = (await repository(ctx).memberById(principal.staffId))!;
      const pair = `staff:password:${member.id}`;
      const tried = await limiter.reserve(pair, STAFF_BACKOFF);
      if (!tried.allowed) throw rateLimited(tried.retryAfterMs);
      if (!(await checkPassword(member.passwordHash, input.currentPassword)))
        throw new AppError('VALIDATION_ERROR', mn.staff.currentPasswordWrong, {
          current_password: mn.staff.currentPasswordWrong,
        });
      await limiter.clear(pair);
      const passwordHash = await acceptablePassword(input.password);
      await transaction(ctx, async (tx) => {
        await repository(tx).updateMember(member.id, { passwordHash, demo: false });
        await repository(tx).revokeSessionsOf(member.id, clock.now(), principal.sessionId);
        await deps.audit.record(tx, { staffId: member.id, actor: member.name }, 'staff.password', 'staff', member.id);
      });
    },

    /** ten new recovery codes (the old ones end), after a code from the app */
    async renewRecoveryCodes(ctx: Ctx, principal: StaffPrincipal, code: string): Promise<string[]> {
      return transaction(ctx, async (tx) => {
        const member = (await repository(tx).lockMember(principal.staffId))!;
        const step = factor.stepOf(factor.open(member.totpSecret), code, clock.now());
        if (step === null || !(await repository(tx).takeTotpStep(member.id, step)))
          throw new AppError('OTP_INVALID', mn.staff.codeWrong);
        const codes = factor.newRecoveryCodes();
        await repository(tx).replaceRecoveryCodes(member.id, codes.hashes);
        await deps.audit.record(
          tx,
          { staffId: member.id, actor: member.name },
          'staff.recovery_codes',
          'staff',
          member.id,
        );
        return codes.shown;
      });
    },
  };
}

export type StaffAccessService = ReturnType<typeof staffAccessService>;
