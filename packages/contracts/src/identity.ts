import { z } from 'zod';
import { envelope } from './http';
import { mn } from './messages';

/**
 * Accounts: sign-up and sign-in (codes, passwords, social accounts), the current user, the
 * profile, devices (one session each) and the password. Request bodies are strict; the same
 * field schemas validate the web forms as the user types and the API on arrival.
 */

const m = mn.auth;

// ---------------------------------------------------------------------------------------------
// Fields

/** Mongolian mobile number: 8 digits, optionally written with +976; spaces and dashes allowed. */
export const PHONE_PATTERN = /^(?:\+?976)?\d{8}$/;

/** A phone number as typed, normalised to its 8 digits. */
export const phone = z
  .string({ error: m.phoneInvalid })
  .trim()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .refine((value) => PHONE_PATTERN.test(value), { error: m.phoneInvalid })
  .transform((value) => value.slice(-8));

export const email = z
  .string({ error: m.emailInvalid })
  .trim()
  .max(254, { error: m.emailInvalid })
  .toLowerCase()
  .pipe(z.email({ error: m.emailInvalid }));

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Length only; the API also refuses the 10 000 most common passwords. */
export const password = z
  .string({ error: m.passwordRequired })
  .min(PASSWORD_MIN, { error: m.passwordTooShort })
  .max(PASSWORD_MAX, { error: m.passwordTooLong });

export const otpCode = z.string({ error: m.codeFormat }).regex(/^\d{6}$/, { error: m.codeFormat });

export const personName = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, { error: m.nameRequired })
  .max(80, { error: m.nameTooLong });

/** An opaque, single-use token that proves a code was verified (register, reset). */
export const verificationToken = z
  .string({ error: m.verificationInvalid })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: m.verificationInvalid });

export const otpPurposes = ['register', 'login', 'reset', 'verify_phone', 'verify_email'] as const;
export const otpPurpose = z.enum(otpPurposes, { error: m.purposeInvalid });
export type OtpPurpose = z.infer<typeof otpPurpose>;

export const oauthProviders = ['google', 'facebook', 'toki'] as const;
export const oauthProvider = z.enum(oauthProviders, { error: m.providerInvalid });
/** the providers this store is configured for, in display order */
export const oauthProvidersResponse = envelope(z.array(oauthProvider));
export type OAuthProvider = z.infer<typeof oauthProvider>;

/** Where each provider sends the browser back: pages of the web app (see docs/accounts.md). */
export const oauthCallbackPaths: Record<OAuthProvider, string> = {
  google: '/auth/google/callback',
  facebook: '/auth/facebook/callback',
  toki: '/toki/callback',
};

const THIS_SITE = 'http://this.site';

/**
 * A path on this site to return to after signing in; anything else becomes '/'. It is spelled
 * as a Location header can carry it (`/ном` as `/%D0%BD%D0%BE%D0%BC`): a redirect to the text
 * as typed would throw.
 */
export const returnPath = z
  .string()
  .max(2000)
  .optional()
  .transform((value) => {
    if (!value || !/^\/(?!\/)[^\\\s]*$/.test(value)) return '/';
    const url = new URL(value, THIS_SITE);
    return url.origin === THIS_SITE ? `${url.pathname}${url.search}${url.hash}` : '/';
  });

// ---------------------------------------------------------------------------------------------
// Headers

/** Device-UUID (a random UUID the client keeps), Client-Id and App-Version describe the device. */
export const deviceHeaders = z.looseObject({
  'device-uuid': z.uuid({ error: m.deviceUuidInvalid }).optional(),
  'client-id': z.string().max(64).optional(),
  'app-version': z.string().max(32).optional(),
});
/** POST /v4/auth/register requires both Client-Id and Device-UUID (spec section 7). */
export const registerHeaders = deviceHeaders.extend({
  'device-uuid': z.uuid({ error: m.deviceUuidInvalid }),
  'client-id': z.string({ error: m.clientIdRequired }).min(1, { error: m.clientIdRequired }).max(64),
});

// ---------------------------------------------------------------------------------------------
// Read models

export const user = z.object({
  id: z.number().int(),
  /** empty when the user has not given one; the web shows mn.user.defaultName */
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** avatar; null means the default image */
  cover_url: z.string().nullable(),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
  has_password: z.boolean(),
  created_at: z.string(),
  /** liked book ids, with `?include=likes` */
  likes: z.array(z.number().int()).optional(),
});
export type User = z.infer<typeof user>;
export const userResponse = envelope(user);

/** A signed-in session. The web uses the HttpOnly cookie set beside it; apps keep the token. */
export const authSession = z.object({
  user,
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** the latest the session can live (absolute lifetime); idle sessions end sooner */
  expires_at: z.string(),
  /** the device this session is, as listed under /account/api/devices */
  device_id: z.string(),
});
export type AuthSession = z.infer<typeof authSession>;
export const authResponse = envelope(authSession);

export const okResponse = envelope(z.object({ ok: z.literal(true) }));

// ---------------------------------------------------------------------------------------------
// Codes: POST /v4/auth/otp, POST /v4/auth/otp:verify

export const otpSendRequest = z
  .object({
    purpose: otpPurpose,
    phone: phone.optional(),
    email: email.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.phone === undefined) === (body.email === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: m.phoneOrEmail });
    } else if (body.purpose === 'verify_phone' && body.phone === undefined) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: m.phoneInvalid });
    } else if (body.purpose === 'verify_email' && body.email === undefined) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: m.emailInvalid });
    }
  });
export type OtpSendRequest = z.input<typeof otpSendRequest>;

export const otpChallenge = z.object({
  challenge_id: z.uuid(),
  purpose: otpPurpose,
  channel: z.enum(['sms', 'email']),
  /** the destination, partly hidden: '99••••12', 'b•••@example.mn' */
  destination: z.string(),
  /** seconds the code stays valid */
  expires_in: z.number().int(),
  /** seconds before another code may be asked for (the resend countdown) */
  resend_in: z.number().int(),
});
export type OtpChallenge = z.infer<typeof otpChallenge>;
export const otpSendResponse = envelope(otpChallenge);

export const otpVerifyRequest = z
  .object({
    challenge_id: z.uuid({ error: m.codeWrong }),
    purpose: otpPurpose,
    code: otpCode,
  })
  .strict();
export type OtpVerifyRequest = z.input<typeof otpVerifyRequest>;

/**
 * login: signed in (cookie set); register and reset: a verification token for the next step;
 * verify_phone / verify_email: the signed-in user, now with that phone or e-mail.
 */
export const otpVerifyResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed_in'), session: authSession }),
  z.object({
    status: z.literal('verified'),
    verification_token: z.string(),
    /** seconds the token stays valid */
    expires_in: z.number().int(),
  }),
  z.object({ status: z.literal('updated'), user }),
]);
export type OtpVerifyResult = z.infer<typeof otpVerifyResult>;
export const otpVerifyResponse = envelope(otpVerifyResult);

// ---------------------------------------------------------------------------------------------
// Register, password sign-in, reset, sign-out

export const registerRequest = z
  .object({
    verification_token: verificationToken,
    name: personName,
    /** optional: an account may sign in with codes and social accounts only */
    password: password.optional(),
  })
  .strict();
export type RegisterRequest = z.input<typeof registerRequest>;

/** `login` is a phone number or an e-mail address. */
export const loginRequest = z
  .object({
    login: z
      .string({ error: m.loginRequired })
      .trim()
      .min(1, { error: m.loginRequired })
      .max(254, { error: m.loginRequired }),
    password: z.string({ error: m.passwordRequired }).min(1, { error: m.passwordRequired }).max(PASSWORD_MAX),
  })
  .strict();
export type LoginRequest = z.input<typeof loginRequest>;

export const resetPasswordRequest = z
  .object({
    verification_token: verificationToken,
    password,
  })
  .strict();
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

// ---------------------------------------------------------------------------------------------
// Social accounts: GET /api/oauth/:provider/start, POST /api/oauth-login/v3,
// GET|POST /api/user/v3/social-accounts, DELETE /api/user/v3/social-accounts/:provider

export const oauthStartParams = z.object({ provider: oauthProvider });
export const oauthStartQuery = z.object({
  /** login: sign in or create an account; link: add to the signed-in account */
  intent: z.enum(['login', 'link']).default('login'),
  prev: returnPath,
});

/** What the provider put in the callback page's query string, passed on as is. */
export const oauthCallbackRequest = z
  .object({
    provider: oauthProvider,
    code: z.string({ error: m.oauthFailed }).min(1, { error: m.oauthFailed }).max(4096),
    state: z.string({ error: m.oauthFailed }).min(1, { error: m.oauthFailed }).max(512),
    /** RFC 9207 issuer identifier, when the provider sends one */
    iss: z.string().max(2000).optional(),
  })
  .strict();
export type OAuthCallbackRequest = z.input<typeof oauthCallbackRequest>;

export const oauthLoginResponse = envelope(
  authSession.extend({
    /** the path the user started from (start endpoint's `prev`) */
    prev: z.string(),
    /** true when this sign-in created the account */
    created: z.boolean(),
  }),
);

export const socialAccount = z.object({
  provider: oauthProvider,
  /** whether this server can sign in with the provider now */
  enabled: z.boolean(),
  linked: z.boolean(),
  /** the provider account's e-mail or name, when linked */
  label: z.string().nullable(),
  linked_at: z.string().nullable(),
});
export type SocialAccount = z.infer<typeof socialAccount>;
export const socialAccountsResponse = envelope(z.array(socialAccount));
export const socialAccountParams = z.object({ provider: oauthProvider });

// ---------------------------------------------------------------------------------------------
// Current user and profile: GET /api/user?include=likes, PATCH /api/user

export const userQuery = z.object({ include: z.enum(['likes'], { error: m.includeInvalid }).optional() });

export const profileUpdateRequest = z
  .object({
    name: z.union([personName, z.literal('')]).optional(),
    email: email.nullable().optional(),
    cover_url: z
      .url({ protocol: /^https?$/, error: m.avatarInvalid })
      .max(2000, { error: m.avatarInvalid })
      .nullable()
      .optional(),
  })
  .strict();
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequest>;

// ---------------------------------------------------------------------------------------------
// Devices and password: /account/api/devices, /account/api/password

export const device = z.object({
  /** opaque id of the session, for revoking it */
  id: z.string(),
  device_uuid: z.string().nullable(),
  /** '{browser} on {os}', at most 50 characters */
  name: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  app_version: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** the device this request comes from */
  current: z.boolean(),
});
export type Device = z.infer<typeof device>;
export const devicesResponse = envelope(z.array(device));
export const deviceParams = z.object({ id: z.uuid({ error: mn.errors.NOT_FOUND }) });

export const passwordChangeRequest = z
  .object({
    /** required when the account has a password */
    current_password: z.string().max(PASSWORD_MAX).optional(),
    password,
  })
  .strict();
export type PasswordChangeRequest = z.input<typeof passwordChangeRequest>;
export const passwordChangeResponse = envelope(
  z.object({
    ok: z.literal(true),
    /** other devices signed out by the change */
    signed_out_devices: z.number().int(),
  }),
);

// ---------------------------------------------------------------------------------------------
// Cookies and headers (the names the web app and the API agree on)

export { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from './cookies';
