import type { Db } from '@nomsan/db/client';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import type { DeviceInfo } from './device';
import { identityRepository, identityTransaction, type SessionRow } from './identity.repository';
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
export function sessionsService(options: { db: Db; clock: Clock; lifetimes: SessionLifetimes; secret: string }) {
  const { db, clock, lifetimes } = options;
  const repository = identityRepository(db);

  const isLive = (session: SessionRow, now: Date) =>
    session.revokedAt === null &&
    session.expiresAt > now &&
    session.lastSeenAt.getTime() + lifetimes.idleMs > now.getTime();

  /** The live session a token opens, or null (unknown, revoked, idle too long, too old). */
  async function resolve(token: string): Promise<SessionRow | null> {
    const session = await repository.sessionByTokenHash(tokenHash(token));
    const now = clock.now();
    if (!session || !isLive(session, now)) return null;
    if (now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
      await repository.touchSession(session.id, now, LAST_SEEN_EVERY_MS);
    }
    return session;
  }

  /**
   * Signs a user in on a device: a new token every time (the session id changes at sign-in),
   * replacing the session the request came with and the user's earlier session on that device.
   */
  async function start(userId: number, device: DeviceInfo, replacedToken: string | null): Promise<StartedSession> {
    const attempt = () =>
      identityTransaction(db, async (tx) => {
        const now = clock.now();
        const token = randomToken();
        if (replacedToken) await tx.revokeByTokenHash(tokenHash(replacedToken), now);
        if (device.deviceUuid) await tx.revokeDeviceSessions(userId, device.deviceUuid, now);
        const session = await tx.insertSession({
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
      // Two sign-ins on one device at once: the second replaces the first.
      if (isUniqueViolation(error, 'identity_session_device_uq')) return attempt();
      throw error;
    }
  }

  return {
    resolve,
    start,
    /** the double-submit CSRF token of a session: only the server can derive it */
    csrfToken: (token: string) => keyedHash(options.secret, 'csrf', tokenHash(token)),
    end: (token: string) => repository.revokeByTokenHash(tokenHash(token), clock.now()),
    endDevice: (userId: number, sessionId: string) => repository.revokeSession(userId, sessionId, clock.now()),
    endOthers: (userId: number, keepSessionId: string | null) =>
      repository.revokeOtherSessions(userId, keepSessionId, clock.now()),
    live: (userId: number) => repository.liveSessions(userId, clock.now(), lifetimes.idleMs),
  };
}

export type SessionsService = ReturnType<typeof sessionsService>;
