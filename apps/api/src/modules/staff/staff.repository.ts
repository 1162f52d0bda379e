import type { ModuleDb } from '@nomsan/db/client';
import { and, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from '@nomsan/db/orm';
import type * as schema from '@nomsan/db/schema/staff';
import { staffAudit, staffInvite, staffMember, staffRecoveryCode, staffSession } from '@nomsan/db/schema/staff';

/** The database as this module sees it: its own tables only. */
export type StaffDb = ModuleDb<typeof schema>;
export type MemberRow = typeof staffMember.$inferSelect;
export type InviteRow = typeof staffInvite.$inferSelect;
export type SessionRow = typeof staffSession.$inferSelect;
export type AuditRow = typeof staffAudit.$inferSelect;
export type NewAudit = typeof staffAudit.$inferInsert;

/** Staff, their codes, sessions, invitations and the audit log. Only this file touches them. */
export function staffRepository(db: StaffDb) {
  return {
    memberById: async (id: number): Promise<MemberRow | undefined> =>
      (await db.select().from(staffMember).where(eq(staffMember.id, id)))[0],

    memberByLogin: async (login: string): Promise<MemberRow | undefined> =>
      (await db.select().from(staffMember).where(eq(staffMember.login, login)))[0],

    /** the member's row, locked until the transaction ends (role changes, TOTP steps) */
    lockMember: async (id: number): Promise<MemberRow | undefined> =>
      (await db.select().from(staffMember).where(eq(staffMember.id, id)).for('update'))[0],

    members: () => db.select().from(staffMember).orderBy(staffMember.removedAt, staffMember.name, staffMember.id),

    membersByIds: (ids: number[]) =>
      ids.length === 0 ? Promise.resolve([]) : db.select().from(staffMember).where(inArray(staffMember.id, ids)),

    /**
     * locks every live owner's row until the transaction ends: changes of owners are made one
     * after another, so two owners removing each other at once cannot leave the store without one
     */
    async lockOwners(): Promise<number[]> {
      const rows = await db
        .select({ id: staffMember.id })
        .from(staffMember)
        .where(and(isNull(staffMember.removedAt), sql`'owner' = any(${staffMember.roles})`))
        .orderBy(staffMember.id)
        .for('update');
      return rows.map((row) => row.id);
    },

    /** how many owners can sign in (the last one may not be removed or demoted) */
    async ownersLeft(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(staffMember)
        .where(and(isNull(staffMember.removedAt), sql`'owner' = any(${staffMember.roles})`));
      return Number(row?.n ?? 0);
    },

    async insertMember(row: typeof staffMember.$inferInsert): Promise<MemberRow> {
      const [inserted] = await db.insert(staffMember).values(row).returning();
      return inserted!;
    },

    async updateMember(id: number, set: Partial<typeof staffMember.$inferInsert>): Promise<MemberRow | undefined> {
      const [row] = await db.update(staffMember).set(set).where(eq(staffMember.id, id)).returning();
      return row;
    },

    /** takes a TOTP step once: false when it (or a later one) was taken already */
    async takeTotpStep(id: number, step: number): Promise<boolean> {
      const rows = await db
        .update(staffMember)
        .set({ totpLastStep: step })
        .where(and(eq(staffMember.id, id), lt(staffMember.totpLastStep, step)))
        .returning({ id: staffMember.id });
      return rows.length > 0;
    },

    async replaceRecoveryCodes(staffId: number, hashes: string[]): Promise<void> {
      await db.delete(staffRecoveryCode).where(eq(staffRecoveryCode.staffId, staffId));
      await db.insert(staffRecoveryCode).values(hashes.map((codeHash) => ({ staffId, codeHash })));
    },

    /** spends a recovery code once: false when it is unknown or used */
    async useRecoveryCode(staffId: number, codeHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(staffRecoveryCode)
        .set({ usedAt: at })
        .where(
          and(
            eq(staffRecoveryCode.staffId, staffId),
            eq(staffRecoveryCode.codeHash, codeHash),
            isNull(staffRecoveryCode.usedAt),
          ),
        )
        .returning({ id: staffRecoveryCode.id });
      return rows.length > 0;
    },

    async recoveryCodesLeft(staffId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(staffRecoveryCode)
        .where(and(eq(staffRecoveryCode.staffId, staffId), isNull(staffRecoveryCode.usedAt)));
      return Number(row?.n ?? 0);
    },

    // sessions

    async insertSession(row: typeof staffSession.$inferInsert): Promise<SessionRow> {
      const [inserted] = await db.insert(staffSession).values(row).returning();
      return inserted!;
    },

    /** a session and its staff member, in one read (every back-office request asks) */
    sessionWithMember: async (tokenHash: string): Promise<{ session: SessionRow; member: MemberRow } | undefined> =>
      (
        await db
          .select({ session: staffSession, member: staffMember })
          .from(staffSession)
          .innerJoin(staffMember, eq(staffMember.id, staffSession.staffId))
          .where(eq(staffSession.tokenHash, tokenHash))
      )[0],

    async touchSession(id: string, at: Date): Promise<void> {
      await db.update(staffSession).set({ lastSeenAt: at }).where(eq(staffSession.id, id));
    },

    async revokeSession(id: string, at: Date): Promise<void> {
      await db
        .update(staffSession)
        .set({ revokedAt: at })
        .where(and(eq(staffSession.id, id), isNull(staffSession.revokedAt)));
    },

    async revokeSessionsOf(staffId: number, at: Date, except?: string): Promise<void> {
      const conditions: SQL[] = [eq(staffSession.staffId, staffId), isNull(staffSession.revokedAt)];
      if (except) conditions.push(sql`${staffSession.id} <> ${except}`);
      await db
        .update(staffSession)
        .set({ revokedAt: at })
        .where(and(...conditions));
    },

    // invitations

    /** revokes the open invitation to `login`, if any, and makes a new one */
    async replaceInvite(row: typeof staffInvite.$inferInsert, at: Date): Promise<InviteRow> {
      await db
        .update(staffInvite)
        .set({ revokedAt: at })
        .where(and(eq(staffInvite.login, row.login), isNull(staffInvite.acceptedAt), isNull(staffInvite.revokedAt)));
      const [inserted] = await db.insert(staffInvite).values(row).returning();
      return inserted!;
    },

    /** the open invitation a link's token opens, locked for its acceptance */
    openInvite: async (tokenHash: string, now: Date, lock = false): Promise<InviteRow | undefined> => {
      const query = db
        .select()
        .from(staffInvite)
        .where(
          and(
            eq(staffInvite.tokenHash, tokenHash),
            isNull(staffInvite.acceptedAt),
            isNull(staffInvite.revokedAt),
            gt(staffInvite.expiresAt, now),
          ),
        );
      return (await (lock ? query.for('update') : query))[0];
    },

    openInvites: (now: Date) =>
      db
        .select()
        .from(staffInvite)
        .where(and(isNull(staffInvite.acceptedAt), isNull(staffInvite.revokedAt), gt(staffInvite.expiresAt, now)))
        .orderBy(desc(staffInvite.createdAt)),

    async acceptInvite(id: number, at: Date): Promise<void> {
      await db.update(staffInvite).set({ acceptedAt: at }).where(eq(staffInvite.id, id));
    },

    async revokeInvite(id: number, at: Date): Promise<InviteRow | undefined> {
      const [row] = await db
        .update(staffInvite)
        .set({ revokedAt: at })
        .where(and(eq(staffInvite.id, id), isNull(staffInvite.acceptedAt), isNull(staffInvite.revokedAt)))
        .returning();
      return row;
    },

    // the audit log

    async appendAudit(row: NewAudit): Promise<AuditRow> {
      const [inserted] = await db.insert(staffAudit).values(row).returning();
      return inserted!;
    },

    /** many entries at once, in order, in batches */
    async appendAuditMany(rows: NewAudit[]): Promise<void> {
      for (let at = 0; at < rows.length; at += 1000) await db.insert(staffAudit).values(rows.slice(at, at + 1000));
    },

    /** newest first, older than `before`; filtered by person and object */
    audit(filter: { staffId?: number; objectType?: string; objectId?: string; before?: number }, limit: number) {
      const conditions: SQL[] = [];
      if (filter.staffId !== undefined) conditions.push(eq(staffAudit.staffId, filter.staffId));
      if (filter.objectType !== undefined) conditions.push(eq(staffAudit.objectType, filter.objectType));
      if (filter.objectId !== undefined) conditions.push(eq(staffAudit.objectId, filter.objectId));
      if (filter.before !== undefined) conditions.push(lt(staffAudit.id, filter.before));
      return db
        .select()
        .from(staffAudit)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(staffAudit.id))
        .limit(limit);
    },
  };
}
