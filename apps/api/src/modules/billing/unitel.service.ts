import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mn } from '@nomsan/contracts/messages';
import type { UnitelConsent } from '@nomsan/contracts/subscriptions';
import { AppError } from '../../errors';
import { MINUTE_MS } from '../../lib/clock';
import type { Clock } from '../../lib/clock';
import type { Limiter, LimitRule } from '../../lib/limiter';
import type { RouteContext } from '../../kernel/module';
import type { Gateway } from './gateway';
import { isUnitelGateway, type UnitelGateway, type UnitelRefusal } from './rails/unitel';

/** how long the consent token our API answers stays usable (the subscribe call follows at once) */
export const UNITEL_CONSENT_TTL_MS = 10 * MINUTE_MS;
export const UNITEL_RESEND_AFTER_MS = MINUTE_MS;
const HOUR_MS = 60 * MINUTE_MS;

/** Codes asked for a number by a member, for a number, by a member and from an address. */
const sendRules = (userId: number, phone: string, ip: string): LimitRule[] => [
  { key: `unitel-otp:minute:${userId}:${phone}`, limit: 1, windowMs: UNITEL_RESEND_AFTER_MS },
  { key: `unitel-otp:phone-hour:${phone}`, limit: 10, windowMs: HOUR_MS },
  { key: `unitel-otp:user-hour:${userId}`, limit: 10, windowMs: HOUR_MS },
  { key: `unitel-otp:ip-hour:${ip}`, limit: 20, windowMs: HOUR_MS },
];
const checkRules = (userId: number, ip: string): LimitRule[] => [
  { key: `unitel-otp-check:user:${userId}`, limit: 20, windowMs: 10 * MINUTE_MS },
  { key: `unitel-otp-check:ip:${ip}`, limit: 30, windowMs: 10 * MINUTE_MS },
];

/** a refusal with the seconds until a retry may succeed (the Retry-After header) */
function rateLimited(retryAfterMs: number, message?: string): AppError {
  const error = new AppError('RATE_LIMITED', message);
  error.retryAfterS = Math.ceil(retryAfterMs / 1000);
  return error;
}

const REFUSAL_MESSAGES: Record<UnitelRefusal, string> = {
  not_unitel: mn.unitel.notUnitel,
  invalid_msisdn: mn.unitel.phoneInvalid,
  otp_invalid: mn.unitel.otpInvalid,
  otp_expired: mn.unitel.otpExpired,
  otp_too_many_tries: mn.unitel.otpTooManyTries,
  too_many_requests: mn.unitel.sendTooSoon,
};

/** What the consent token carries, sealed (AES-256-GCM): who may use it, for which number, until when. */
interface Sealed {
  u: number;
  p: string;
  c: string;
  m: string;
  e: number;
}

export interface UnitelConsentDependencies {
  gateway: () => Gateway | undefined;
  limiter: Limiter;
  /** the process's secret (identity's), from which the sealing key is derived */
  secret: string;
  clock: Clock;
}

/**
 * The subscriber's consent to phone-bill charges: Unitel texts a code, the code gives Unitel's
 * consent token. That token never reaches the browser: the member gets it sealed with their id,
 * the number and a ten-minute end, so only they can subscribe with it, and only soon.
 */
export function unitelConsents(deps: UnitelConsentDependencies) {
  const key = createHash('sha256').update(`unitel-consent\0${deps.secret}`).digest();

  function gateway(): UnitelGateway {
    const found = deps.gateway();
    if (!isUnitelGateway(found)) throw new AppError('BUSINESS_RULE', mn.money.railUnavailable);
    return found;
  }
  const unavailable = () => {
    throw new AppError('UNAVAILABLE', mn.money.railFailed);
  };

  function seal(payload: Sealed): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  function unseal(token: string): Sealed | null {
    try {
      const raw = Buffer.from(token, 'base64url');
      if (raw.length < 29) return null;
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      return JSON.parse(text) as Sealed;
    } catch {
      return null;
    }
  }

  return {
    /** Unitel texts the number a code (rate limited per member and number, number, member, address) */
    async send(userId: number, phone: string, ip: string) {
      const limit = await deps.limiter.hitAll(sendRules(userId, phone, ip));
      if (!limit.allowed) throw rateLimited(limit.retryAfterMs, mn.unitel.sendTooSoon);
      const sent = await gateway().requestOtp(phone).catch(unavailable);
      if (!sent.ok) throw new AppError('BUSINESS_RULE', REFUSAL_MESSAGES[sent.refusal]);
      return {
        phone_masked: `${phone.slice(0, 2)}••••${phone.slice(-2)}`,
        expires_in: sent.expiresInS,
        resend_in: UNITEL_RESEND_AFTER_MS / 1000,
      };
    },

    /** the code the member read: the consent, sealed for them */
    async check(userId: number, phone: string, code: string, ip: string): Promise<UnitelConsent> {
      const limit = await deps.limiter.hitAll(checkRules(userId, ip));
      if (!limit.allowed) throw rateLimited(limit.retryAfterMs);
      const given = await gateway().confirmOtp(phone, code).catch(unavailable);
      if (!given.ok) throw new AppError('OTP_INVALID', REFUSAL_MESSAGES[given.refusal]);
      const expiresAt = deps.clock.now().getTime() + UNITEL_CONSENT_TTL_MS;
      return {
        token: seal({ u: userId, p: phone, c: given.consentToken, m: given.maskedMsisdn, e: expiresAt }),
        expires_in: UNITEL_CONSENT_TTL_MS / 1000,
        phone_masked: given.maskedMsisdn,
      };
    },

    /** the consent a member's token carries; another member's, another number's or a stale one is refused */
    open(userId: number, phone: string, token: string): { consentToken: string; maskedNumber: string } {
      const sealed = unseal(token);
      if (!sealed || sealed.u !== userId || sealed.p !== phone || sealed.e <= deps.clock.now().getTime()) {
        throw new AppError('BUSINESS_RULE', mn.unitel.tokenInvalid);
      }
      return { consentToken: sealed.c, maskedNumber: sealed.m };
    },
  };
}

export type UnitelConsents = ReturnType<typeof unitelConsents>;

/** the consents as the routes reach them: the Unitel rail of this process, identity's limiter and secret */
export const unitelConsentsOf = (context: Pick<RouteContext, 'kernel' | 'services'>) =>
  unitelConsents({
    gateway: () => context.kernel.settings.billing?.gateways.unitel,
    limiter: context.services.identity.settings.limiter,
    secret: context.services.identity.settings.secret,
    clock: context.kernel.clock,
  });
