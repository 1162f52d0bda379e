import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Identity domain: users, their sessions (one per signed-in device), one-time code challenges
 * and linked social accounts. Secrets are never stored: tokens as SHA-256, codes as HMAC,
 * passwords as argon2id.
 */

export const identityUser = pgTable(
  'identity_user',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull().default(''),
    /** lower-cased */
    email: text('email'),
    /** the 8 national digits, without +976 */
    phone: text('phone'),
    coverUrl: text('cover_url'),
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identity_user_email_uq').on(t.email),
    uniqueIndex('identity_user_phone_uq').on(t.phone),
    // An address is on an account only once a code sent to it came back: an unverified one
    // would let anyone hold someone else's address and keep its owner from signing up.
    check('identity_user_email_verified', sql`${t.email} is null or ${t.emailVerifiedAt} is not null`),
    check('identity_user_phone_verified', sql`${t.phone} is null or ${t.phoneVerifiedAt} is not null`),
  ],
);

/** A signed-in device. The cookie or bearer token is only known to the client. */
export const identitySession = pgTable(
  'identity_session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => identityUser.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, base64url */
    tokenHash: text('token_hash').notNull(),
    deviceUuid: uuid('device_uuid'),
    clientId: text('client_id'),
    /** '{browser} on {os}', at most 50 characters */
    deviceName: text('device_name').notNull(),
    browser: text('browser'),
    os: text('os'),
    appVersion: text('app_version').notNull().default('1.0.2'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** the absolute lifetime; the idle one is counted from last_seen_at */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('identity_session_token_uq').on(t.tokenHash),
    index('identity_session_user_idx').on(t.userId),
    // one live session per device and user: signing in again on a device replaces its session
    uniqueIndex('identity_session_device_uq')
      .on(t.userId, t.deviceUuid)
      .where(sql`${t.revokedAt} is null`),
    check('identity_session_device_name_ck', sql`char_length(${t.deviceName}) <= 50`),
  ],
);

/** A code sent to a phone or an e-mail address for one purpose. */
export const identityOtpChallenge = pgTable(
  'identity_otp_challenge',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['register', 'login', 'reset', 'verify_phone', 'verify_email'] }).notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    destination: text('destination').notNull(),
    /** the user asking (verify_phone, verify_email) */
    userId: integer('user_id').references(() => identityUser.id, { onDelete: 'cascade' }),
    /** HMAC of challenge, purpose and code; null when a notice was sent instead of a code */
    codeHash: text('code_hash'),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** SHA-256 of the verification token handed out at verification (register, reset) */
    grantHash: text('grant_hash'),
    /** when the verification token was used */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('identity_otp_challenge_destination_idx').on(t.destination, t.createdAt),
    uniqueIndex('identity_otp_challenge_grant_uq').on(t.grantHash),
    check('identity_otp_challenge_attempts_ck', sql`${t.attempts} between 0 and 5`),
  ],
);

/** A Google, Facebook or Toki account that signs in as a user. */
export const identitySocialAccount = pgTable(
  'identity_social_account',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => identityUser.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'facebook', 'toki'] }).notNull(),
    /** the provider's stable id of the account (OIDC `sub`) */
    subject: text('subject').notNull(),
    email: text('email'),
    name: text('name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identity_social_account_subject_uq').on(t.provider, t.subject),
    uniqueIndex('identity_social_account_user_provider_uq').on(t.userId, t.provider),
  ],
);
