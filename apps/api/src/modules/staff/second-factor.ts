import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { keyedHash } from '../identity/identity.service';

/**
 * The second factor of staff sign-in: TOTP (RFC 6238: SHA-1, 6 digits, 30 s, as every
 * authenticator app reads an otpauth:// link) through `otpauth`, and recovery codes. Secrets are
 * kept sealed (AES-256-GCM, key derived from COOKIE_SECRET); a code is accepted in the step
 * before or after the server's (clock drift), and each step once (the caller records it).
 */
export interface SecondFactor {
  /** a new secret, base32, sealed for the database */
  newSecret(): { base32: string; sealed: string };
  /** the same for a secret of these bytes (the sandbox's demo owner, derived from the store's secret) */
  secretFrom(bytes: Uint8Array): { base32: string; sealed: string };
  /** the base32 secret of a sealed one */
  open(sealed: string): string;
  /** the otpauth:// link an app adds, and the same as a QR code (SVG) */
  enrolment(base32: string, account: string): Promise<{ uri: string; qrSvg: string }>;
  /** the time step a code belongs to (±1 around `at`), or null when it is wrong */
  stepOf(base32: string, code: string, at: Date): number | null;
  /** ten new recovery codes as shown (`abcde-fghij`) with the hashes to keep */
  newRecoveryCodes(): { shown: string[]; hashes: string[] };
  /** the hash a typed recovery code (normalised) is kept under */
  recoveryHash(normalised: string): string;
}

const ISSUER = 'Nomsan';
const PERIOD_S = 30;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

export function secondFactor(secret: string): SecondFactor {
  const key = createHash('sha256').update(`staff-totp\u0000${secret}`).digest();
  const totp = (base32: string, label = 'staff') =>
    new TOTP({
      issuer: ISSUER,
      label,
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD_S,
      secret: Secret.fromBase32(base32),
    });

  function seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  return {
    newSecret() {
      const base32 = new Secret({ size: 20 }).base32;
      return { base32, sealed: seal(base32) };
    },
    secretFrom(bytes) {
      const base32 = new Secret({ buffer: Uint8Array.from(bytes).buffer }).base32;
      return { base32, sealed: seal(base32) };
    },
    open(sealed) {
      const raw = Buffer.from(sealed.slice(3), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
    async enrolment(base32, account) {
      const uri = totp(base32, account).toString();
      return { uri, qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) };
    },
    stepOf(base32, code, at) {
      const delta = totp(base32).validate({ token: code, timestamp: at.getTime(), window: 1 });
      return delta === null ? null : Math.floor(at.getTime() / 1000 / PERIOD_S) + delta;
    },
    newRecoveryCodes() {
      const shown: string[] = [];
      const hashes: string[] = [];
      for (let i = 0; i < 10; i++) {
        const chars = [...randomBytes(10)].map((byte) => BASE32[byte % 32]).join('');
        shown.push(`${chars.slice(0, 5)}-${chars.slice(5)}`);
        hashes.push(keyedHash(secret, 'staff-recovery', chars));
      }
      return { shown, hashes };
    },
    recoveryHash: (normalised) => keyedHash(secret, 'staff-recovery', normalised),
  };
}
