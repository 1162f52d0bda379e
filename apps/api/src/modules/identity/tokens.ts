import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random bearer secret: 32 bytes, base64url. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** What is stored in place of a token: its SHA-256. A leaked table signs no one in. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A keyed hash: codes (a million possible values) cannot be brute-forced from a leaked row. */
export const keyedHash = (secret: string, ...parts: string[]) =>
  createHmac('sha256', secret).update(parts.join('\u0000')).digest('base64url');

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
