import type { ModuleDb } from '@nomsan/db/client';
import type * as schema from '@nomsan/db/schema/identity';
import { and, asc, desc, eq, gt, isNull, lt, ne, or, sql } from '@nomsan/db/orm';
import { identityOtpChallenge, identitySession, identitySocialAccount, identityUser } from '@nomsan/db/schema/identity';

/** The database as this module sees it: its own tables only. */
export type IdentityDb = ModuleDb<typeof schema>;

export type UserRow = typeof identityUser.$inferSelect;
export type NewUser = typeof identityUser.$inferInsert;
export type SessionRow = typeof identitySession.$inferSelect;
export type NewSession = typeof identitySession.$inferInsert;
export type ChallengeRow = typeof identityOtpChallenge.$inferSelect;
export type NewChallenge = typeof identityOtpChallenge.$inferInsert;
export type SocialAccountRow = typeof identitySocialAccount.$inferSelect;
export type Provider = SocialAccountRow['provider'];

/** Identity queries. Only this file touches the identity tables. */
export function identityRepository(db: IdentityDb) {
  const first = <T>(rows: T[]): T | null => rows[0] ?? null;

  return {
    // Users

    userById: async (id: number) => first(await db.select().from(identityUser).where(eq(identityUser.id, id))),
    userByPhone: async (phone: string) =>
      first(await db.select().from(identityUser).where(eq(identityUser.phone, phone))),
    userByEmail: async (email: string) =>
      first(await db.select().from(identityUser).where(eq(identityUser.email, email))),

    async insertUser(user: NewUser): Promise<UserRow> {
      const [row] = await db.insert(identityUser).values(user).returning();
      if (!row) throw new Error('user not inserted');
      return row;
    },

    async updateUser(id: number, patch: Partial<NewUser>): Promise<UserRow | null> {
      return first(await db.update(identityUser).set(patch).where(eq(identityUser.id, id)).returning());
    },

    // Sessions

    sessionByTokenHash: async (hash: string) =>
      first(await db.select().from(identitySession).where(eq(identitySession.tokenHash, hash))),

    async insertSession(session: NewSession): Promise<SessionRow> {
      const [row] = await db.insert(identitySession).values(session).returning();
      if (!row) throw new Error('session not inserted');
      return row;
    },

    /** ends the session a token belongs to (whoever's it is), e.g. the one replaced at sign-in */
    async revokeByTokenHash(hash: string, now: Date): Promise<void> {
      await db
        .update(identitySession)
        .set({ revokedAt: now })
        .where(and(eq(identitySession.tokenHash, hash), isNull(identitySession.revokedAt)));
    },

    /** ends the user's session on that device, if any: one session per device */
    async revokeDeviceSessions(userId: number, deviceUuid: string, now: Date): Promise<void> {
      await db
        .update(identitySession)
        .set({ revokedAt: now })
        .where(
          and(
            eq(identitySession.userId, userId),
            eq(identitySession.deviceUuid, deviceUuid),
            isNull(identitySession.revokedAt),
          ),
        );
    },

    /** ends one of the user's sessions; false when it is not theirs or already ended */
    async revokeSession(userId: number, id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(identitySession)
        .set({ revokedAt: now })
        .where(and(eq(identitySession.id, id), eq(identitySession.userId, userId), isNull(identitySession.revokedAt)))
        .returning({ id: identitySession.id });
      return rows.length > 0;
    },

    /** ends every session of the user but `exceptId`; answers how many */
    async revokeOtherSessions(userId: number, exceptId: string | null, now: Date): Promise<number> {
      const rows = await db
        .update(identitySession)
        .set({ revokedAt: now })
        .where(
          and(
            eq(identitySession.userId, userId),
            isNull(identitySession.revokedAt),
            exceptId ? ne(identitySession.id, exceptId) : undefined,
          ),
        )
        .returning({ id: identitySession.id });
      return rows.length;
    },

    /** records activity, at most once per `everyMs`, so most requests write nothing */
    async touchSession(id: string, now: Date, everyMs: number): Promise<void> {
      await db
        .update(identitySession)
        .set({ lastSeenAt: now })
        .where(and(eq(identitySession.id, id), lt(identitySession.lastSeenAt, new Date(now.getTime() - everyMs))));
    },

    /** the user's sessions that still sign in: not revoked, not past either lifetime */
    async liveSessions(userId: number, now: Date, idleMs: number): Promise<SessionRow[]> {
      return db
        .select()
        .from(identitySession)
        .where(
          and(
            eq(identitySession.userId, userId),
            isNull(identitySession.revokedAt),
            gt(identitySession.expiresAt, now),
            gt(identitySession.lastSeenAt, new Date(now.getTime() - idleMs)),
          ),
        )
        .orderBy(desc(identitySession.lastSeenAt), asc(identitySession.id));
    },

    // One-time codes

    async insertChallenge(challenge: NewChallenge): Promise<ChallengeRow> {
      const [row] = await db.insert(identityOtpChallenge).values(challenge).returning();
      if (!row) throw new Error('challenge not inserted');
      return row;
    },

    challengeById: async (id: string) =>
      first(await db.select().from(identityOtpChallenge).where(eq(identityOtpChallenge.id, id))),

    /** counts a wrong code; null when the challenge already had its last try */
    async recordWrongCode(id: string, maxAttempts: number): Promise<number | null> {
      const row = first(
        await db
          .update(identityOtpChallenge)
          .set({ attempts: sql`${identityOtpChallenge.attempts} + 1` })
          .where(and(eq(identityOtpChallenge.id, id), lt(identityOtpChallenge.attempts, maxAttempts)))
          .returning({ attempts: identityOtpChallenge.attempts }),
      );
      return row?.attempts ?? null;
    },

    /** marks the code used; false when another request used it first, or it ran out */
    async markVerified(id: string, now: Date, maxAttempts: number, grantHash: string | null): Promise<boolean> {
      const rows = await db
        .update(identityOtpChallenge)
        .set({ verifiedAt: now, grantHash })
        .where(
          and(
            eq(identityOtpChallenge.id, id),
            isNull(identityOtpChallenge.verifiedAt),
            lt(identityOtpChallenge.attempts, maxAttempts),
            gt(identityOtpChallenge.expiresAt, now),
          ),
        )
        .returning({ id: identityOtpChallenge.id });
      return rows.length > 0;
    },

    /** uses a verification token once: the challenge it proves, or null */
    async consumeGrant(
      grantHash: string,
      purpose: ChallengeRow['purpose'],
      now: Date,
      verifiedAfter: Date,
    ): Promise<ChallengeRow | null> {
      return first(
        await db
          .update(identityOtpChallenge)
          .set({ consumedAt: now })
          .where(
            and(
              eq(identityOtpChallenge.grantHash, grantHash),
              eq(identityOtpChallenge.purpose, purpose),
              isNull(identityOtpChallenge.consumedAt),
              gt(identityOtpChallenge.verifiedAt, verifiedAfter),
            ),
          )
          .returning(),
      );
    },

    /** removes what can no longer be used (the worker's daily housekeeping) */
    async prune(before: Date): Promise<{ challenges: number; sessions: number }> {
      const challenges = await db
        .delete(identityOtpChallenge)
        .where(lt(identityOtpChallenge.expiresAt, before))
        .returning({ id: identityOtpChallenge.id });
      const sessions = await db
        .delete(identitySession)
        .where(or(lt(identitySession.revokedAt, before), lt(identitySession.expiresAt, before)))
        .returning({ id: identitySession.id });
      return { challenges: challenges.length, sessions: sessions.length };
    },

    // Social accounts

    socialAccount: async (provider: Provider, subject: string) =>
      first(
        await db
          .select()
          .from(identitySocialAccount)
          .where(and(eq(identitySocialAccount.provider, provider), eq(identitySocialAccount.subject, subject))),
      ),

    socialAccountsOf: (userId: number) =>
      db.select().from(identitySocialAccount).where(eq(identitySocialAccount.userId, userId)),

    async insertSocialAccount(account: typeof identitySocialAccount.$inferInsert): Promise<void> {
      await db.insert(identitySocialAccount).values(account);
    },

    async deleteSocialAccount(userId: number, provider: Provider): Promise<boolean> {
      const rows = await db
        .delete(identitySocialAccount)
        .where(and(eq(identitySocialAccount.userId, userId), eq(identitySocialAccount.provider, provider)))
        .returning({ id: identitySocialAccount.id });
      return rows.length > 0;
    },
  };
}

export type IdentityRepository = ReturnType<typeof identityRepository>;
