import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import type { DeviceInfo } from './device';
import { identityRepository, type SessionRow } from './identity.repository';
import { keyedHash, randomToken, tokenHash } from './tokens';

/** Activity is written at most this often per session: most requests write nothing. */
export const LAST_SEEN_EVERY_MS = 60_000;

export interface SessionLifetimes {
  /** signed out after this long without a request */
  idleMs: number;
  /** signed out this long after signing in, however active */
  maxMs: number;
}

export interface StartedSession {
  token: string;
  session: SessionRow;
}

/** Sessions: one row per signed-in device, found by the hash of its token. */
export function sessionsService(options: { clock: Clock; lifetimes: SessionLifetimes; secret: string }) {
  const { clock, lifetimes } = options;
  const repository = boundRepository(identityRepository);

  const isLive = (session: SessionRow, now: Date) =>
    session.revokedAt === null &&
    session.expiresAt > now &&
    session.lastSeenAt.getTime() + lifetimes.idleMs > now.getTime();

  /** The live session a token opens, or null (unknown, revoked, idle too long, too old). */
  async function resolve(ctx: Ctx, token: string): Promise<SessionRow | null> {
    const session = await repository(ctx).sessionByTokenHash(tokenHash(token));
    const now = clock.now();
    if (!session || !isLive(session, now)) return null;
    if (now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
      await repository(ctx).touchSession(session.id, now, LAST_SEEN_EVERY_MS);
    }
    return session;
  }

  /**
   * Signs a user in on a device: a new token every time (the session id changes at sign-in),
   * replacing the session the request came with and the user's earlier session on that device.
   */
  async function start(
    ctx: Ctx,
    userId: number,
    device: DeviceInfo,
    replacedToken: string | null,
  ): Promise<StartedSession> {
    const attempt = () =>
      transaction(ctx, async (tx) => {
        const sessions = repository(tx);
        const now = clock.now();
        const token = randomToken();
        if (replacedToken) await sessions.revokeByTokenHash(tokenHash(replacedToken), now);
        if (device.deviceUuid) await sessions.revokeDeviceSessions(userId, device.deviceUuid, now);
        const session = await sessions.insertSession({
          userId,
          tokenHash: tokenHash(token),
          deviceUuid: device.deviceUuid,
          clientId: device.clientId,
          deviceName: device.name,
          browser: device.browser,
          os: device.os,
          appVersion: device.appVersion,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + lifetimes.maxMs),
        });
        return { token, session };
      });
    try {
      return await attempt();
    } catch (error) {
      // Two sign-ins on one device at once: the second replaces the first. Inside a caller's
      // transaction the failed insert has aborted it: trying again there cannot succeed.
      if (isUniqueViolation(error, 'identity_session_device_uq') && !ctx.inTransaction) return attempt();
      throw error;
    }
  }

  return {
    resolve,
    start,
    /** the double-submit CSRF token of a session: only the server can derive it */
    csrfToken: (token: string) => keyedHash(options.secret, 'csrf', tokenHash(token)),
    end: (ctx: Ctx, token: string) => repository(ctx).revokeByTokenHash(tokenHash(token), clock.now()),
    endDevice: (ctx: Ctx, userId: number, sessionId: string) =>
      repository(ctx).revokeSession(userId, sessionId, clock.now()),
    endOthers: (ctx: Ctx, userId: number, keepSessionId: string | null) =>
      repository(ctx).revokeOtherSessions(userId, keepSessionId, clock.now()),
    live: (ctx: Ctx, userId: number) => repository(ctx).liveSessions(userId, clock.now(), lifetimes.idleMs),
  };
}

export type SessionsService = ReturnType<typeof sessionsService>;
