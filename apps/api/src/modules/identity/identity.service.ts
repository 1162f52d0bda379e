import {
  PHONE_PATTERN,
  type AuthSession,
  type OAuthProvider,
  type OtpPurpose,
  type ProfileUpdateRequest,
  type SocialAccount,
  type User,
} from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { AppError } from '../../errors';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import type { BackoffPolicy, Limiter } from '../../lib/limiter';
import type { DeviceInfo } from './device';
import { identityRepository, type ChallengeRow, type NewUser, type UserRow } from './identity.repository';
import type { ProviderIdentity } from './oauth';
import { rateLimited, type Destination, type OtpService } from './otp.service';
import { checkCommonPassword, checkPassword, hashPassword } from './passwords';
import type { SessionsService } from './sessions.service';

const MINUTE = 60_000;

/** Five wrong passwords from one address for one account are free; then 1 s, 2 s, 4 s ... 15 min. */
export const LOGIN_BACKOFF: BackoffPolicy = {
  windowMs: 60 * MINUTE,
  free: 5,
  firstDelayMs: 1000,
  maxDelayMs: 15 * MINUTE,
};

export function toUser(row: UserRow, likes?: number[]): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    cover_url: row.coverUrl,
    email_verified: row.emailVerifiedAt !== null,
    phone_verified: row.phoneVerifiedAt !== null,
    has_password: row.passwordHash !== null,
    created_at: row.createdAt.toISOString(),
    ...(likes ? { likes } : {}),
  };
}

/** A phone number or an e-mail address as typed at sign-in, or null when it is neither. */
export function loginDestination(login: string): Destination | null {
  const compact = login.trim().replace(/[\s-]/g, '');
  if (PHONE_PATTERN.test(compact)) return { channel: 'sms', address: compact.slice(-8) };
  const email = login.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? { channel: 'email', address: email } : null;
}

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', undefined, { [field]: message });

/** Where the password itself is refused: too common (length is checked by the contract). */
/** a password of the right length, not one of the most common ones, hashed (staff's too) */
export async function acceptablePassword(password: string, field = 'password'): Promise<string> {
  if (await checkCommonPassword(password)) throw fieldError(field, mn.auth.passwordCommon);
  return hashPassword(password);
}

export interface IdentityDependencies {
  clock: Clock;
  limiter: Limiter;
  otp: OtpService;
  sessions: SessionsService;
}

/** Who a request is: the session it came with, and the device it describes. */
export interface SignInContext {
  device: DeviceInfo;
  /** the token the request came with, replaced by the new session */
  presentedToken: string | null;
  ip: string;
}

/**
 * Accounts: sign-up, sign-in (codes, passwords, social accounts), reset, the profile and the
 * password. Every sign-in ends in `signIn`, which starts a fresh session.
 */
export function identityService(deps: IdentityDependencies) {
  const repository = boundRepository(identityRepository);
  const byDestination = (ctx: Ctx, to: Destination) =>
    to.channel === 'sms' ? repository(ctx).userByPhone(to.address) : repository(ctx).userByEmail(to.address);
  const destinationOf = (challenge: ChallengeRow): Destination => ({
    channel: challenge.channel,
    address: challenge.destination,
  });
  const verifiedField = (to: Destination, now: Date): Partial<NewUser> =>
    to.channel === 'sms' ? { phone: to.address, phoneVerifiedAt: now } : { email: to.address, emailVerifiedAt: now };

  async function signIn(
    ctx: Ctx,
    user: UserRow,
    context: SignInContext,
  ): Promise<{ auth: AuthSession; token: string }> {
    const { token, session } = await deps.sessions.start(ctx, user.id, context.device, context.presentedToken);
    return {
      token,
      auth: {
        user: toUser(user),
        access_token: token,
        token_type: 'Bearer',
        expires_at: session.expiresAt.toISOString(),
        device_id: session.id,
      },
    };
  }

  async function requireUserRow(ctx: Ctx, userId: number): Promise<UserRow> {
    const user = await repository(ctx).userById(userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    return user;
  }

  async function socialAccounts(ctx: Ctx, userId: number, enabled: OAuthProvider[]): Promise<SocialAccount[]> {
    const linked = await repository(ctx).socialAccountsOf(userId);
    return (['google', 'facebook', 'toki'] as const).map((provider) => {
      const account = linked.find((a) => a.provider === provider);
      return {
        provider,
        enabled: enabled.includes(provider),
        linked: Boolean(account),
        label: account ? (account.email ?? account.name) : null,
        linked_at: account ? account.createdAt.toISOString() : null,
      };
    });
  }

  /** Finds the user a provider account signs in as, creating or linking one the first time. */
  async function userForProvider(
    ctx: Ctx,
    provider: OAuthProvider,
    identity: ProviderIdentity,
  ): Promise<{ user: UserRow; created: boolean }> {
    const known = await repository(ctx).socialAccount(provider, identity.subject);
    if (known) return { user: await requireUserRow(ctx, known.userId), created: false };
    try {
      return await transaction(ctx, async (tx) => {
        const users = repository(tx);
        const now = deps.clock.now();
        const sameEmail = identity.email && identity.emailVerified ? await users.userByEmail(identity.email) : null;
        // Only two verified claims to the same address make one account: never a takeover.
        const existing = sameEmail?.emailVerifiedAt ? sameEmail : null;
        const user =
          existing ??
          (await users.insertUser({
            name: identity.name ?? '',
            // An address the provider has not verified is not stored: it could be someone else's.
            ...(identity.email && identity.emailVerified && !sameEmail
              ? { email: identity.email, emailVerifiedAt: now }
              : {}),
          }));
        await users.insertSocialAccount({
          userId: user.id,
          provider,
          subject: identity.subject,
          email: identity.email,
          name: identity.name,
        });
        return { user, created: !existing };
      });
    } catch (error) {
      // The same first sign-in twice at once: the other one made the account. (Inside a
      // caller's transaction the failed insert has aborted it: nothing more can be read there.)
      if (!isUniqueViolation(error) || ctx.inTransaction) throw error;
      const again = await repository(ctx).socialAccount(provider, identity.subject);
      if (!again) throw error;
      return { user: await requireUserRow(ctx, again.userId), created: false };
    }
  }

  return {
    signIn,
    /** the member as the store shows them; `likes` (the liked books, from the library) when asked for */
    user: async (ctx: Ctx, userId: number, likes?: number[]) => toUser(await requireUserRow(ctx, userId), likes),

    /** where a message reaches the member: their verified phone and e-mail; null when there is no such member */
    async contact(ctx: Ctx, userId: number): Promise<{ phone: string | null; email: string | null } | null> {
      const row = await repository(ctx).userById(userId);
      if (!row) return null;
      return { phone: row.phoneVerifiedAt ? row.phone : null, email: row.emailVerifiedAt ? row.email : null };
    },

    /** the member whose verified phone (8 digits) or e-mail this is, if any */
    async memberByContact(ctx: Ctx, to: Destination): Promise<number | null> {
      const row = await byDestination(ctx, to);
      if (!row) return null;
      const verified = to.channel === 'sms' ? row.phoneVerifiedAt : row.emailVerifiedAt;
      return verified ? row.id : null;
    },

    /** Sends a code (or a notice) for a purpose; see otpService.send. */
    async sendCode(ctx: Ctx, purpose: OtpPurpose, to: Destination, context: { ip: string; userId: number | null }) {
      if ((purpose === 'verify_phone' || purpose === 'verify_email') && context.userId === null) {
        throw new AppError('UNAUTHORIZED');
      }
      const existing = await byDestination(ctx, to);
      // adding an address: only another account holding it stands in the way
      const accountExists = existing !== null && existing.id !== context.userId;
      return deps.otp.send(ctx, purpose, to, { ...context, accountExists });
    },

    /** Checks a code and does what its purpose asks. */
    async verifyCode(
      ctx: Ctx,
      input: { challengeId: string; purpose: OtpPurpose; code: string },
      context: SignInContext & { userId: number | null },
    ) {
      if ((input.purpose === 'verify_phone' || input.purpose === 'verify_email') && context.userId === null) {
        throw new AppError('UNAUTHORIZED');
      }
      const { challenge, verificationToken } = await deps.otp.verify(
        ctx,
        input.challengeId,
        input.purpose,
        input.code,
        { ip: context.ip, userId: context.userId },
      );
      const to = destinationOf(challenge);
      if (verificationToken) {
        return { status: 'verified' as const, verification_token: verificationToken, expires_in: 15 * 60 };
      }
      if (input.purpose === 'login') {
        const user = await byDestination(ctx, to);
        if (!user) throw new AppError('OTP_INVALID', mn.auth.codeWrong);
        const verified = await repository(ctx).updateUser(user.id, verifiedField(to, deps.clock.now()));
        return { status: 'signed_in' as const, ...(await signIn(ctx, verified ?? user, context)) };
      }
      if (context.userId === null) throw new AppError('UNAUTHORIZED');
      try {
        const updated = await repository(ctx).updateUser(context.userId, {
          ...verifiedField(to, deps.clock.now()),
          updatedAt: deps.clock.now(),
        });
        if (!updated) throw new AppError('UNAUTHORIZED');
        return { status: 'updated' as const, user: toUser(updated) };
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('CONFLICT', to.channel === 'sms' ? mn.auth.phoneTaken : mn.auth.emailTaken);
        }
        throw error;
      }
    },

    /** Creates the account a verified code proves, and signs it in. */
    async register(
      ctx: Ctx,
      input: { verificationToken: string; name: string; password?: string },
      context: SignInContext,
    ) {
      const passwordHash = input.password ? await acceptablePassword(input.password) : null;
      try {
        const user = await transaction(ctx, async (tx) => {
          const challenge = await deps.otp.consume(tx, input.verificationToken, 'register');
          const now = deps.clock.now();
          return repository(tx).insertUser({
            name: input.name,
            ...verifiedField(destinationOf(challenge), now),
            passwordHash,
            passwordChangedAt: passwordHash ? now : null,
          });
        });
        return await signIn(ctx, user, context);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', mn.auth.alreadyRegistered);
        throw error;
      }
    },

    /**
     * Password sign-in. An unknown account and a wrong password answer alike, after the same
     * argon2 work. Wrong passwords slow down the pair of account and address that sent them
     * (growing delays), so a stranger elsewhere cannot lock the owner out; an address is also
     * capped across accounts; and a code sign-in is never held up by either.
     */
    async login(ctx: Ctx, input: { login: string; password: string }, context: SignInContext) {
      const to = loginDestination(input.login);
      const pair = `login:pair:${to?.address ?? input.login.trim().toLowerCase()}:${context.ip}`;
      // The try is counted before the password is checked (argon2 takes a while): guesses sent
      // at once would otherwise all pass the check before the first failure was counted.
      const tried = await deps.limiter.reserve(pair, LOGIN_BACKOFF);
      if (!tried.allowed) throw rateLimited(tried.retryAfterMs);
      const limit = await deps.limiter.hit({ key: `login:ip:${context.ip}`, limit: 30, windowMs: 15 * MINUTE });
      if (!limit.allowed) {
        await tried.release();
        throw rateLimited(limit.retryAfterMs);
      }
      let user: UserRow | null;
      try {
        const found = to ? await byDestination(ctx, to) : null;
        user = (await checkPassword(found?.passwordHash, input.password)) ? found : null;
      } catch (error) {
        // a failure of ours is no wrong password
        await tried.release();
        throw error;
      }
      // a wrong password keeps its try counted
      if (!user) throw new AppError('INVALID_CREDENTIALS');
      await deps.limiter.clear(pair);
      return signIn(ctx, user, context);
    },

    /** Sets a new password with a verified reset code; every device is signed out, this one in. */
    async resetPassword(ctx: Ctx, input: { verificationToken: string; password: string }, context: SignInContext) {
      const passwordHash = await acceptablePassword(input.password);
      const user = await transaction(ctx, async (tx) => {
        const challenge = await deps.otp.consume(tx, input.verificationToken, 'reset');
        const to = destinationOf(challenge);
        const found = await byDestination(tx, to);
        if (!found) throw new AppError('OTP_INVALID', mn.auth.verificationInvalid);
        const now = deps.clock.now();
        const users = repository(tx);
        await users.revokeOtherSessions(found.id, null, now);
        return (
          (await users.updateUser(found.id, {
            passwordHash,
            passwordChangedAt: now,
            updatedAt: now,
            ...verifiedField(to, now),
          })) ?? found
        );
      });
      return signIn(ctx, user, { ...context, presentedToken: null });
    },

    /** Changes the password (the current one is asked when there is one); other devices are signed out. */
    async changePassword(
      ctx: Ctx,
      userId: number,
      sessionId: string,
      input: { currentPassword?: string; password: string },
    ): Promise<number> {
      const limit = await deps.limiter.hit({ key: `password-change:${userId}`, limit: 10, windowMs: 15 * MINUTE });
      if (!limit.allowed) throw rateLimited(limit.retryAfterMs);
      const user = await requireUserRow(ctx, userId);
      if (user.passwordHash && !(await checkPassword(user.passwordHash, input.currentPassword ?? ''))) {
        throw fieldError('current_password', mn.auth.currentPasswordWrong);
      }
      const passwordHash = await acceptablePassword(input.password);
      return transaction(ctx, async (tx) => {
        const users = repository(tx);
        const now = deps.clock.now();
        await users.updateUser(userId, { passwordHash, passwordChangedAt: now, updatedAt: now });
        return users.revokeOtherSessions(userId, sessionId, now);
      });
    },

    async updateProfile(ctx: Ctx, userId: number, input: ProfileUpdateRequest): Promise<User> {
      const user = await requireUserRow(ctx, userId);
      const now = deps.clock.now();
      const patch: Partial<NewUser> = { updatedAt: now };
      if (input.name !== undefined) patch.name = input.name;
      if (input.cover_url !== undefined) patch.coverUrl = input.cover_url;
      if (input.email !== undefined && input.email !== user.email) {
        // A new address is the user's only once a code sent to it comes back (verify_email):
        // taking one here would let anyone claim an address, and a refusal would tell who has it.
        if (input.email !== null) {
          throw new AppError('BUSINESS_RULE', mn.auth.emailNeedsCode, { email: mn.auth.emailNeedsCode });
        }
        if (!user.phone) throw new AppError('BUSINESS_RULE', mn.auth.lastSignInMethod);
        patch.email = null;
        patch.emailVerifiedAt = null;
      }
      return toUser((await repository(ctx).updateUser(userId, patch)) ?? user);
    },

    /** Signs in with a provider account; creates the user on a first visit. */
    async loginWithProvider(ctx: Ctx, provider: OAuthProvider, identity: ProviderIdentity, context: SignInContext) {
      const { user, created } = await userForProvider(ctx, provider, identity);
      return { ...(await signIn(ctx, user, context)), created };
    },

    socialAccounts,

    async linkProvider(
      ctx: Ctx,
      userId: number,
      provider: OAuthProvider,
      identity: ProviderIdentity,
      enabled: OAuthProvider[],
    ) {
      const known = await repository(ctx).socialAccount(provider, identity.subject);
      if (known && known.userId !== userId) throw new AppError('CONFLICT', mn.auth.socialTaken);
      if (!known) {
        try {
          await repository(ctx).insertSocialAccount({
            userId,
            provider,
            subject: identity.subject,
            email: identity.email,
            name: identity.name,
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError('CONFLICT', mn.auth.socialTaken);
          throw error;
        }
      }
      return socialAccounts(ctx, userId, enabled);
    },

    /** Unlinks a provider, unless it is the last way left to sign in. */
    async unlinkProvider(ctx: Ctx, userId: number, provider: OAuthProvider, enabled: OAuthProvider[]) {
      const user = await requireUserRow(ctx, userId);
      const linked = await repository(ctx).socialAccountsOf(userId);
      const otherWays =
        Boolean(user.phone || user.email || user.passwordHash) || linked.some((a) => a.provider !== provider);
      if (!otherWays) throw new AppError('BUSINESS_RULE', mn.auth.lastSignInMethod);
      await repository(ctx).deleteSocialAccount(userId, provider);
      return socialAccounts(ctx, userId, enabled);
    },

    /** The worker's daily housekeeping: codes and sessions that ended over 30 days before `now` go. */
    prune: (ctx: Ctx, now = deps.clock.now()) => repository(ctx).prune(new Date(now.getTime() - 30 * 24 * 60 * MINUTE)),
  };
}

export type IdentityService = ReturnType<typeof identityService>;

// What other modules use of identity, besides its services: the sessions' type and the guard
// their routes call.
export type { SessionsService } from './sessions.service';
export { clearSessionCookies, requireUser, type CurrentSession } from './session';
// the credential rules the back office's staff sign in under too (apps/api/src/modules/staff)
export { checkPassword, hashPassword } from './passwords';
export { keyedHash, randomToken, sameSecret, tokenHash } from './tokens';
export { rateLimited } from './otp.service';
