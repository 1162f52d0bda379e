import { expect } from 'vitest';
import { baseUrl } from './browser';

/** A Mongolian mobile number nobody else in this run uses. */
export const newPhone = () => `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

/** The newest code the sandbox SMS gateway or SMTP server received for `to` (developers read /dev/outbox). */
export async function codeFor(to: string, base = baseUrl()): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const response = await fetch(`${base}/dev/outbox?format=json&to=${encodeURIComponent(to)}`);
      const body = (await response.json()) as { data: { to: string; code: string | null }[] };
      code = body.data.find((message) => message.to.endsWith(to) && message.code)?.code ?? null;
      return code;
    })
    .not.toBeNull();
  return code as unknown as string;
}

/**
 * An account made through the API, as an app would (register needs Client-Id and Device-UUID):
 * its phone and its bearer token.
 */
export async function registerByApi(
  name: string,
  password: string,
  base = baseUrl(),
): Promise<{ phone: string; token: string }> {
  const phone = newPhone();
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    expect(response.status, `${path} answered ${response.status}`).toBe(200);
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  };
  const challenge = await post('/v4/auth/otp', { purpose: 'register', phone });
  const verified = await post('/v4/auth/otp:verify', {
    challenge_id: challenge.challenge_id,
    purpose: 'register',
    code: await codeFor(phone, base),
  });
  const registered = await post(
    '/v4/auth/register',
    { verification_token: verified.verification_token, name, password },
    { 'client-id': 'e2e', 'device-uuid': crypto.randomUUID() },
  );
  return { phone, token: registered.access_token as string };
}
