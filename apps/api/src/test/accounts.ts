import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { manualClock } from '../lib/clock';
import { createTestApp, type TestApp } from './app';

export const ORIGIN = 'http://localhost:3000';
export const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let counter = 0;
/** A fresh client address per call, so per-address limits of one test do not touch another. */
export const freshIp = () => {
  counter += 1;
  return `10.${(process.pid >> 8) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
};
/** A fresh, well-formed Mongolian mobile number. */
export const freshPhone = () => {
  counter += 1;
  return `9${String((process.pid * 7919 + counter * 104_729) % 10_000_000).padStart(7, '0')}`;
};

export interface AccountsTestApp extends TestApp {
  clock: ReturnType<typeof manualClock>;
}

/** The real app with the sandbox providers and a clock the test moves. */
export async function createAccountsApp(
  overrides: Parameters<typeof createTestApp>[0] = {},
  register?: Parameters<typeof createTestApp>[1],
): Promise<AccountsTestApp> {
  const clock = manualClock(new Date());
  const t = await createTestApp({ accounts: { sandbox: true, clock }, ...overrides }, register);
  return { ...t, clock };
}

/** The cookies a response set, as a Cookie header value (cleared ones left out). */
export function cookiesOf(
  response: LightMyRequestResponse,
  previous: Record<string, string> = {},
): Record<string, string> {
  const jar = { ...previous };
  for (const cookie of response.cookies) {
    if (cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0)) delete jar[cookie.name];
    else jar[cookie.name] = cookie.value;
  }
  return jar;
}
export const cookieHeader = (jar: Record<string, string>) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

export interface Outboxed {
  channel: 'sms' | 'email';
  to: string;
  subject: string | null;
  text: string;
  code: string | null;
}

export async function outbox(app: FastifyInstance, to?: string): Promise<Outboxed[]> {
  const response = await app.inject({ url: `/dev/outbox?format=json${to ? `&to=${encodeURIComponent(to)}` : ''}` });
  return (response.json() as { data: Outboxed[] }).data;
}

/** The code last sent to a phone or address. */
export async function lastCode(app: FastifyInstance, to: string): Promise<string> {
  const [latest] = await outbox(app, to);
  if (!latest?.code) throw new Error(`no code was sent to ${to}`);
  return latest.code;
}

/** A browser-like request from the site itself. */
export const fromSite = (jar: Record<string, string> = {}, extra: Record<string, string> = {}) => ({
  origin: ORIGIN,
  'user-agent': BROWSER_UA,
  ...(Object.keys(jar).length ? { cookie: cookieHeader(jar) } : {}),
  ...extra,
});

/** A member's app request headers: their bearer token and an Idempotency-Key (a new one unless given). */
export const asMember = (member: { token: string }, key: string = crypto.randomUUID()) => ({
  authorization: `Bearer ${member.token}`,
  'idempotency-key': key,
});

export interface Registered {
  phone: string;
  password: string;
  userId: number;
  token: string;
  jar: Record<string, string>;
  deviceId: string;
}

/** Registers a new account by phone, the way the web does: code, verify, register. */
export async function registerByPhone(
  app: FastifyInstance,
  options: { phone?: string; password?: string; name?: string; ip?: string; deviceUuid?: string } = {},
): Promise<Registered> {
  const phone = options.phone ?? freshPhone();
  const password = options.password ?? 'номын-сан-2025!';
  const ip = options.ip ?? freshIp();
  const sent = await app.inject({
    method: 'POST',
    url: '/v4/auth/otp',
    remoteAddress: ip,
    headers: fromSite(),
    payload: { purpose: 'register', phone },
  });
  if (sent.statusCode !== 200) throw new Error(`otp: ${sent.statusCode} ${sent.body}`);
  const challenge = sent.json().data.challenge_id as string;
  const verified = await app.inject({
    method: 'POST',
    url: '/v4/auth/otp:verify',
    remoteAddress: ip,
    headers: fromSite(),
    payload: { challenge_id: challenge, purpose: 'register', code: await lastCode(app, phone) },
  });
  if (verified.statusCode !== 200) throw new Error(`verify: ${verified.statusCode} ${verified.body}`);
  const registered = await app.inject({
    method: 'POST',
    url: '/v4/auth/register',
    remoteAddress: ip,
    headers: fromSite({}, { 'client-id': 'web', 'device-uuid': options.deviceUuid ?? crypto.randomUUID() }),
    payload: {
      verification_token: verified.json().data.verification_token,
      name: options.name ?? 'Болд',
      password,
    },
  });
  if (registered.statusCode !== 200) throw new Error(`register: ${registered.statusCode} ${registered.body}`);
  const data = registered.json().data;
  return {
    phone,
    password,
    userId: data.user.id,
    token: data.access_token,
    jar: cookiesOf(registered),
    deviceId: data.device_id,
  };
}

/** Signs in with a password on a new device (browser-like). */
export async function signIn(
  app: FastifyInstance,
  login: string,
  password: string,
  options: { ip?: string; deviceUuid?: string; jar?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/v4/auth/login',
    remoteAddress: options.ip ?? freshIp(),
    headers: fromSite(options.jar ?? {}, { 'device-uuid': options.deviceUuid ?? crypto.randomUUID() }),
    payload: { login, password },
  });
}
