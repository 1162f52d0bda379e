import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Staff domain: the people who run the store, their sign-in (password, TOTP, recovery codes),
 * their sessions, invitations, and the append-only audit log of what they did (docs/staff.md).
 */

export const staffMember = pgTable(
  'staff_member',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    /** a phone number's 8 digits or a lower-case e-mail address */
    login: text('login').notNull(),
    roles: text('roles').array().notNull(),
    passwordHash: text('password_hash').notNull(),
    /** the TOTP secret, sealed with a key derived from COOKIE_SECRET (AES-256-GCM) */
    totpSecret: text('totp_secret').notNull(),
    /** the last TOTP time step accepted: a code is good once */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
    /** the sandbox's demo owner, until its password is changed */
    demo: boolean('demo').notNull().default(false),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_member_login_uq').on(t.login)],
);

/** Ten per member, each good once; only their keyed hashes are kept. */
export const staffRecoveryCode = pgTable(
  'staff_recovery_code',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staffId: integer('staff_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_recovery_code_uq').on(t.staffId, t.codeHash)],
);

/** A signed-in back office: 30 minutes idle or 12 hours in all end it. */
export const staffSession = pgTable(
  'staff_session',
  {
    id: text('id').primaryKey(),
    staffId: integer('staff_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_session_token_uq').on(t.tokenHash), index('staff_session_staff_idx').on(t.staffId)],
);

/** An invitation an owner sent: the link's token (hashed), its roles and its TOTP secret. */
export const staffInvite = pgTable(
  'staff_invite',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    name: text('name').notNull(),
    login: text('login').notNull(),
    roles: text('roles').array().notNull(),
    totpSecret: text('totp_secret').notNull(),
    /** null: the operator's command line */
    invitedBy: integer('invited_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_invite_token_uq').on(t.tokenHash),
    // one open invitation per address: inviting again replaces it
    uniqueIndex('staff_invite_open_uq')
      .on(t.login)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

/**
 * What staff did: who, when, what, to which object, before and after. Append-only: a trigger
 * refuses updates and deletes (migration 0031).
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** null: the operator's command line (`npm run admin`) or the store itself */
    staffId: integer('staff_id'),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('staff_audit_staff_idx').on(t.staffId, t.id),
    index('staff_audit_object_idx').on(t.objectType, t.objectId, t.id),
  ],
);
