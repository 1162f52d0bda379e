import { z } from 'zod';
import { envelope, idParam, MAX_ID, queryInt } from './http';
import { email, password, phone, personName } from './identity';
import { mn } from './messages';

/**
 * The people who run the store (docs/staff.md): their roles, their sign-in (a password, then
 * a TOTP code or a recovery code), invitations, and the audit log of what they did. The same
 * schemas check the back office's forms as staff type and the API on arrival.
 */

const m = mn.staff;

/** An owner may do everything; each other role opens its part of the back office. */
export const STAFF_ROLES = ['owner', 'editor', 'support', 'finance', 'marketing'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRole = z.enum(STAFF_ROLES, { error: m.roleInvalid });

/**
 * Whether someone holding `roles` may use what needs one of `needed`: owners hold every role, and
 * an empty list is any staff member's. The staff gate's rule; the back office's pages ask it too,
 * to hide only what the gate would refuse.
 */
export function checkRoles(roles: readonly StaffRole[], needed: readonly StaffRole[]): boolean {
  return roles.includes('owner') || needed.length === 0 || needed.some((role) => roles.includes(role));
}

/** A staff member signs in with a phone number or an e-mail address, written as members do. */
export const staffLogin = z
  .string({ error: m.loginRequired })
  .trim()
  .min(1, { error: m.loginRequired })
  .max(254, { error: m.loginRequired })
  .transform((value, ctx) => {
    const parsed = value.includes('@') ? email.safeParse(value) : phone.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: m.loginInvalid });
      return z.NEVER;
    }
    return parsed.data;
  });

/** Six digits from the authenticator app. */
export const totpCode = z
  .string({ error: m.codeRequired })
  .trim()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: m.codeFormat }));

/** A recovery code as printed (`abcde-fghij`); case and dashes do not matter. */
export const recoveryCode = z
  .string({ error: m.codeRequired })
  .trim()
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-7]{10}$/, { error: m.recoveryFormat }));

/** The opaque token of a sign-in half done (the password was right) or of an invitation. */
const opaqueToken = z.string({ error: m.linkInvalid }).regex(/^[A-Za-z0-9_-]{20,200}$/, { error: m.linkInvalid });

// ---------------------------------------------------------------------------------------------
// Sign-in: POST /api/staff/session (password), POST /api/staff/session/verify (second factor)

export const staffSignInRequest = z
  .object({
    login: staffLogin,
    password: z.string({ error: m.passwordRequired }).min(1, { error: m.passwordRequired }).max(128),
  })
  .strict();
export type StaffSignInRequest = z.input<typeof staffSignInRequest>;

export const staffChallengeResponse = envelope(
  z.object({
    /** what the second step sends back; valid five minutes */
    challenge: z.string(),
    expires_at: z.string(),
  }),
);

export const staffVerifyRequest = z
  .object({
    challenge: opaqueToken,
    /** a code from the app, or one of the recovery codes */
    code: z.string({ error: m.codeRequired }).trim().min(1, { error: m.codeRequired }).max(40),
  })
  .strict();
export type StaffVerifyRequest = z.input<typeof staffVerifyRequest>;

export const staffMe = z.object({
  id: z.number().int(),
  name: z.string(),
  login: z.string(),
  roles: z.array(staffRole),
  /** recovery codes not used yet */
  recovery_codes_left: z.number().int(),
  /** when this staff session ends at the latest (12 hours after sign-in) */
  session_ends_at: z.string(),
  /** the staff member signed in with details the sandbox sent (the demo owner): change them */
  demo: z.boolean(),
});
export type StaffMe = z.infer<typeof staffMe>;
export const staffMeResponse = envelope(staffMe);

// ---------------------------------------------------------------------------------------------
// Staff and invitations (owners)

export const staffMember = z.object({
  id: z.number().int(),
  name: z.string(),
  login: z.string(),
  roles: z.array(staffRole),
  /** a removed member keeps their place in the audit log, and cannot sign in */
  removed: z.boolean(),
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

export const staffInvite = z.object({
  id: z.number().int(),
  name: z.string(),
  login: z.string(),
  roles: z.array(staffRole),
  expires_at: z.string(),
  /** who sent it */
  invited_by: z.string(),
});
export type StaffInvite = z.infer<typeof staffInvite>;

export const staffListResponse = envelope(z.object({ members: z.array(staffMember), invites: z.array(staffInvite) }));

const roles = z
  .array(staffRole, { error: m.rolesRequired })
  .min(1, { error: m.rolesRequired })
  .max(STAFF_ROLES.length)
  .transform((list) => [...new Set(list)]);

export const staffInviteRequest = z.object({ name: personName, login: staffLogin, roles }).strict();
export type StaffInviteRequest = z.input<typeof staffInviteRequest>;
export const staffInviteResponse = envelope(
  z.object({
    invite: staffInvite,
    /** the link the invitation carries (sent by SMS or e-mail too) */
    url: z.string(),
  }),
);

export const staffIdParams = z.object({ id: idParam });

export const staffUpdateRequest = z.object({ roles }).strict();
export type StaffUpdateRequest = z.input<typeof staffUpdateRequest>;
export const staffMemberResponse = envelope(staffMember);

// ---------------------------------------------------------------------------------------------
// Accepting an invitation: GET and POST /api/staff/invites/{token}

export const staffInviteTokenParams = z.object({ token: opaqueToken });

export const staffInviteOpenResponse = envelope(
  z.object({
    name: z.string(),
    login: z.string(),
    roles: z.array(staffRole),
    /** the authenticator's secret (base32) and its otpauth:// link, with the link as a QR code */
    totp_secret: z.string(),
    totp_uri: z.string(),
    totp_qr_svg: z.string(),
  }),
);

export const staffAcceptRequest = z.object({ password, code: totpCode }).strict();
export type StaffAcceptRequest = z.input<typeof staffAcceptRequest>;

/** Shown once: the recovery codes, each good for one sign-in without the app. */
export const staffRecoveryCodesResponse = envelope(z.object({ recovery_codes: z.array(z.string()) }));

// ---------------------------------------------------------------------------------------------
// One's own: password, recovery codes

export const staffPasswordRequest = z.object({ current_password: z.string().max(128), password }).strict();
export type StaffPasswordRequest = z.input<typeof staffPasswordRequest>;

export const staffRecoveryRequest = z.object({ code: totpCode }).strict();

// ---------------------------------------------------------------------------------------------
// The audit log: GET /api/staff/audit

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** the staff member, or null for the operator's command line */
  staff_id: z.number().int().nullable(),
  actor: z.string(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = z
  .object({
    staff_id: queryInt(1, MAX_ID, m.filterInvalid).optional(),
    object_type: z
      .string()
      .regex(/^[a-z_]{1,40}$/, { error: m.filterInvalid })
      .optional(),
    object_id: z.string().trim().min(1).max(100, { error: m.filterInvalid }).optional(),
    /** keyset: entries older than this id */
    before: queryInt(1, Number.MAX_SAFE_INTEGER, m.filterInvalid).optional(),
    limit: queryInt(1, 100, m.filterInvalid).default(50),
  })
  .strict();
export type AuditQuery = z.input<typeof auditQuery>;

export const auditResponse = envelope(
  z.object({
    entries: z.array(auditEntry),
    /** pass as `before` for the next page; null at the end */
    next_before: z.number().int().nullable(),
  }),
);

/** The back office's session cookie (HttpOnly, SameSite=Strict): never a member's. */
export const STAFF_COOKIE = 'nomsan_staff';
