import type { Device, ProfileUpdateRequest } from '@nomsan/contracts/identity';
import { notFound } from '../../errors';
import type { Ctx } from '../../kernel/unit-of-work';
import type { IdentityService, SessionsService } from '../identity/identity.service';

/**
 * The signed-in user's own settings: profile, devices and password. Owns no tables: sessions
 * and users belong to identity, reached through its services. Every call is scoped to the
 * user, so one user never reads or ends another's devices.
 */
export function accountService(deps: { identity: IdentityService; sessions: SessionsService }) {
  return {
    async devices(ctx: Ctx, userId: number, currentSessionId: string): Promise<Device[]> {
      const sessions = await deps.sessions.live(ctx, userId);
      return sessions.map((s) => ({
        id: s.id,
        device_uuid: s.deviceUuid,
        name: s.deviceName,
        browser: s.browser,
        os: s.os,
        app_version: s.appVersion,
        created_at: s.createdAt.toISOString(),
        last_seen_at: s.lastSeenAt.toISOString(),
        current: s.id === currentSessionId,
      }));
    },

    /** Signs a device out; it learns at its next request. 404 when it is not the user's. */
    async revokeDevice(ctx: Ctx, userId: number, sessionId: string): Promise<void> {
      if (!(await deps.sessions.endDevice(ctx, userId, sessionId))) throw notFound();
    },

    updateProfile: (ctx: Ctx, userId: number, input: ProfileUpdateRequest) =>
      deps.identity.updateProfile(ctx, userId, input),

    changePassword: (
      ctx: Ctx,
      userId: number,
      sessionId: string,
      input: { currentPassword?: string; password: string },
    ) => deps.identity.changePassword(ctx, userId, sessionId, input),
  };
}

export type AccountService = ReturnType<typeof accountService>;
