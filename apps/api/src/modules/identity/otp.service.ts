import { randomInt, randomUUID } from 'node:crypto';
import type { OtpChallenge, OtpPurpose } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { AppError } from '../../errors';
import { boundRepository, type Ctx } from '../../kernel/unit-of-work';
import type { Clock } from '../../lib/clock';
import type { Limiter, LimitRule } from '../../lib/limiter';
import { identityRepository, type ChallengeRow } from './identity.repository';
import type { MailSender, SmsSender } from './senders';
import { keyedHash, randomToken, sameSecret, tokenHash } from './tokens';

export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_AFTER_MS = 60_000;
export const MAX_WRONG_CODES = 5;
/** how long a verification token (register, reset) stays usable after its code was verified */
export const GRANT_TTL_MS = 15 * 60_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Codes sent to one destination and from one address; verifications from one address. The
 * hourly count is per destination and asking address, so a stranger asking for codes to someone's
 * phone uses up their own allowance, not the owner's; the destination's own ceiling (against
 * message floods) is twice that, so reaching it takes more than one address.
 */
const sendRules = (destination: string, ip: string, perAddressHour: number): LimitRule[] => [
  { key: `otp-send:dest-minute:${destination}`, limit: 1, windowMs: RESEND_AFTER_MS },
  { key: `otp-send:pair-hour:${destination}:${ip}`, limit: 5, windowMs: HOUR },
  { key: `otp-send:dest-hour:${destination}`, limit: 10, windowMs: HOUR },
  { key: `otp-send:ip:${ip}`, limit: perAddressHour, windowMs: HOUR },
];

/** codes one address may ask for in an hour, to any destinations (OTP_SENDS_PER_IP_HOUR) */
export const DEFAULT_OTP_SENDS_PER_IP_HOUR = 20;
/** codes one address may try in ten minutes (OTP_VERIFIES_PER_IP) */
export const DEFAULT_OTP_VERIFIES_PER_IP = 30;
const verifyRules = (ip: string, limit: number): LimitRule[] => [
  { key: `otp-verify:ip:${ip}`, limit, windowMs: 10 * MINUTE },
];

export interface Destination {
  channel: 'sms' | 'email';
  /** 8-digit phone or lower-cased e-mail */
  address: string;
}

/** '99••••12', 'b•••@example.mn' */
export function maskDestination({ channel, address }: Destination): string {
  if (channel === 'sms') return `${address.slice(0, 2)}••••${address.slice(-2)}`;
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

export function rateLimited(retryAfterMs: number, message: string = mn.auth.tooManyAttempts): AppError {
  const error = new AppError('RATE_LIMITED', message);
  error.retryAfterS = Math.ceil(retryAfterMs / 1000);
  return error;
}

const invalid = (message: string) => new AppError('OTP_INVALID', message);

type Notice = 'accountExists' | 'noAccount' | 'addressInUse';

/**
 * `accountExists`: an account has the destination; for verify_phone and verify_email, an account
 * other than the asker's.
 */
function noticeFor(purpose: OtpPurpose, accountExists: boolean): Notice | null {
  switch (purpose) {
    case 'register':
      return accountExists ? 'accountExists' : null;
    case 'login':
    case 'reset':
      return accountExists ? null : 'noAccount';
    case 'verify_phone':
    case 'verify_email':
      return accountExists ? 'addressInUse' : null;
  }
}

export interface OtpDependencies {
  clock: Clock;
  limiter: Limiter;
  secret: string;
  sms: SmsSender | undefined;
  mail: MailSender | undefined;
  onDeliveryError: (error: unknown) => void;
  /** codes one address may ask for in an hour (default 20; more behind a carrier's shared address) */
  sendsPerIpHour?: number;
  /** codes one address may try in ten minutes (absent: the default) */
  verifiesPerIp?: number;
}

/**
 * One-time codes: 6 random digits, valid 10 minutes, bound to their challenge and purpose (the
 * stored HMAC covers all three), usable once, 5 wrong tries per challenge.
 */
export function otpService(deps: OtpDependencies) {
  const repository = boundRepository(identityRepository);
  const codeHash = (challengeId: string, purpose: OtpPurpose, code: string) =>
    keyedHash(deps.secret, 'otp', challengeId, purpose, code);

  async function deliver(to: Destination, message: { subject: string; text: string }) {
    const sender = to.channel === 'sms' ? deps.sms : deps.mail;
    if (!sender) throw new AppError('UNAVAILABLE');
    try {
      if (to.channel === 'sms') await deps.sms?.send(to.address, message.text);
      else await deps.mail?.send({ to: to.address, subject: message.subject, text: message.text });
    } catch (error) {
      deps.onDeliveryError(error);
      throw new AppError('UNAVAILABLE');
    }
  }

  const codeMessage = (to: Destination, code: string) =>
    to.channel === 'sms'
      ? { subject: '', text: mn.auth.sms.code(code) }
      : { subject: mn.auth.mail.codeSubject, text: mn.auth.mail.code(code) };

  const noticeMessage = (to: Destination, notice: Notice) =>
    to.channel === 'sms'
      ? { subject: '', text: mn.auth.sms[notice] }
      : { subject: mn.auth.mail.noticeSubject, text: mn.auth.mail[notice] };

  return {
    /**
     * Sends a code, or, when the purpose cannot succeed for this destination (sign-in or reset
     * without an account, registration with one, adding an address another account holds), a
     * notice saying so. The answer is the same either way: whether an account exists is only told
     * to whoever holds the phone or inbox.
     */
    async send(
      ctx: Ctx,
      purpose: OtpPurpose,
      to: Destination,
      context: { ip: string; userId: number | null; accountExists: boolean },
    ): Promise<OtpChallenge> {
      const limit = await deps.limiter.hitAll(
        sendRules(to.address, context.ip, deps.sendsPerIpHour ?? DEFAULT_OTP_SENDS_PER_IP_HOUR),
      );
      if (!limit.allowed) throw rateLimited(limit.retryAfterMs, mn.auth.sendTooSoon);
      const notice = noticeFor(purpose, context.accountExists);
      const now = deps.clock.now();
      const id = randomUUID();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await repository(ctx).insertChallenge({
        id,
        purpose,
        channel: to.channel,
        destination: to.address,
        userId: context.userId,
        codeHash: notice ? null : codeHash(id, purpose, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      });
      await deliver(to, notice ? noticeMessage(to, notice) : codeMessage(to, code));
      return {
        challenge_id: id,
        purpose,
        channel: to.channel,
        destination: maskDestination(to),
        expires_in: CODE_TTL_MS / 1000,
        resend_in: RESEND_AFTER_MS / 1000,
      };
    },

    /**
     * Checks a code. Answers the challenge (and, for register and reset, a verification token
     * for the next step); throws OTP_INVALID with the reason otherwise. Of two requests with the
     * right code at once, exactly one succeeds.
     */
    async verify(
      ctx: Ctx,
      challengeId: string,
      purpose: OtpPurpose,
      code: string,
      context: { ip: string; userId: number | null },
    ): Promise<{ challenge: ChallengeRow; verificationToken: string | null }> {
      const limit = await deps.limiter.hitAll(
        verifyRules(context.ip, deps.verifiesPerIp ?? DEFAULT_OTP_VERIFIES_PER_IP),
      );
      if (!limit.allowed) throw rateLimited(limit.retryAfterMs);
      const challenge = await repository(ctx).challengeById(challengeId);
      const now = deps.clock.now();
      // A code asked for by a signed-in user (verify_phone, verify_email) is theirs alone.
      const owned = challenge?.userId === null || challenge?.userId === context.userId;
      if (!challenge || challenge.purpose !== purpose || !owned) throw invalid(mn.auth.codeWrong);
      if (challenge.verifiedAt) throw invalid(mn.auth.codeUsed);
      if (challenge.attempts >= MAX_WRONG_CODES) throw invalid(mn.auth.codeTooManyTries);
      if (challenge.expiresAt <= now) throw invalid(mn.auth.codeExpired);
      if (!challenge.codeHash || !sameSecret(challenge.codeHash, codeHash(challenge.id, purpose, code))) {
        const attempts = await repository(ctx).recordWrongCode(challenge.id, MAX_WRONG_CODES);
        const left = MAX_WRONG_CODES - (attempts ?? MAX_WRONG_CODES);
        throw invalid(left > 0 ? mn.auth.codeWrongTriesLeft(left) : mn.auth.codeTooManyTries);
      }
      const verificationToken = purpose === 'register' || purpose === 'reset' ? randomToken() : null;
      const won = await repository(ctx).markVerified(
        challenge.id,
        now,
        MAX_WRONG_CODES,
        verificationToken ? tokenHash(verificationToken) : null,
      );
      if (!won) throw invalid(mn.auth.codeUsed);
      return { challenge, verificationToken };
    },

    /** Uses a verification token once, inside the caller's transaction: the challenge it proves. */
    async consume(ctx: Ctx, token: string, purpose: 'register' | 'reset'): Promise<ChallengeRow> {
      const now = deps.clock.now();
      const challenge = await repository(ctx).consumeGrant(
        tokenHash(token),
        purpose,
        now,
        new Date(now.getTime() - GRANT_TTL_MS),
      );
      if (!challenge) throw invalid(mn.auth.verificationInvalid);
      return challenge;
    },
  };
}

export type OtpService = ReturnType<typeof otpService>;
