import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { STAFF_COOKIE, type StaffRole } from '@nomsan/contracts/staff';
import { OPERATOR } from '../modules/staff/audit.service';

export interface SignedInStaff {
  staffId: number;
  login: string;
  password: string;
  totpSecret: string;
  /** the Cookie header of their staff session */
  cookie: string;
  headers: { cookie: string };
}

let made = 0;

/** the code an authenticator app shows for `secret` now (or at `at`) */
export const totpNow = (secret: string, at = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

/**
 * A staff member with `roles`, made the way people join (an invitation from the operator's
 * command line, accepted with a password and a code from the app), signed in.
 */
export async function staffWith(
  app: FastifyInstance,
  roles: StaffRole[],
  name = `Ажилтан ${++made}`,
): Promise<SignedInStaff> {
  const { services, kernel } = app.modules!;
  const login = `staff${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@nomsan.test`;
  const { url } = await services.staff.people.invite(kernel.root, OPERATOR, { name, login, roles });
  const token = url.split('/').at(-1)!;
  const opened = await services.staff.people.opened(kernel.root, token);
  const password = `staff-pass-${Math.random().toString(36).slice(2)}`;
  const code = totpNow(opened.totp_secret, kernel.clock.now().getTime());
  const { session } = await services.staff.people.accept(kernel.root, token, { password, code });
  const cookie = `${STAFF_COOKIE}=${session.token}`;
  return {
    staffId: session.session.staffId,
    login,
    password,
    totpSecret: opened.totp_secret,
    cookie,
    headers: { cookie },
  };
}

const kept = new WeakMap<FastifyInstance, Map<string, SignedInStaff>>();

/**
 * A staff member with `roles` whose session is live now: the one made earlier for this app,
 * or a new one when that session ended (tests move the clock past 30 idle minutes).
 */
export async function keptStaff(app: FastifyInstance, roles: StaffRole[]): Promise<SignedInStaff> {
  const byRoles = kept.get(app) ?? new Map<string, SignedInStaff>();
  kept.set(app, byRoles);
  const known = byRoles.get(roles.join(','));
  if (known && (await app.inject({ url: '/api/staff/me', headers: known.headers })).statusCode === 200) return known;
  const made = await staffWith(app, roles);
  byRoles.set(roles.join(','), made);
  return made;
}

/**
 * A finished upload of `kind` by `who` through the tus endpoint in-process (creation, then one
 * PATCH with every byte); answers the upload's id.
 */
export async function uploadAs(
  app: FastifyInstance,
  who: SignedInStaff,
  bytes: Buffer,
  kind: string,
  filename: string,
): Promise<string> {
  const headers = { ...who.headers, 'tus-resumable': '1.0.0' };
  const created = await app.inject({
    method: 'POST',
    url: '/api/staff/uploads',
    headers: {
      ...headers,
      'upload-length': String(bytes.length),
      'upload-metadata': `kind ${Buffer.from(kind).toString('base64')},filename ${Buffer.from(filename).toString('base64')}`,
    },
  });
  if (created.statusCode !== 201) throw new Error(`upload not created: ${created.statusCode} ${created.body}`);
  const location = created.headers.location as string;
  const sent = await app.inject({
    method: 'PATCH',
    url: location,
    headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });
  if (sent.statusCode !== 204) throw new Error(`upload not sent: ${sent.statusCode} ${sent.body}`);
  return location.split('/').at(-1)!;
}
