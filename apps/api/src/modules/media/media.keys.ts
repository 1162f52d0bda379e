import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Title keys and licence tokens (ADR 022). A title's 16-byte content key is stored wrapped
 * (AES-256-GCM) under a key derived from MEDIA_SECRET, so a database dump alone plays nothing.
 * A licence token is an HMAC-signed claim: this session may have this title's key until `exp`.
 */

const derive = (secret: string, purpose: string) => createHash('sha256').update(`nomsan:${purpose}:${secret}`).digest();

export interface TitleKey {
  /** key id, 32 hex digits (CENC KID) */
  kid: string;
  /** the content key, 16 bytes */
  key: Buffer;
}

export const newTitleKey = (): TitleKey => ({ kid: randomBytes(16).toString('hex'), key: randomBytes(16) });

export function mediaKeys(secret: string) {
  const wrapping = derive(secret, 'wrap');
  const signing = derive(secret, 'licence');

  return {
    wrap(key: Buffer): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', wrapping, iv);
      const sealed = Buffer.concat([cipher.update(key), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    },

    unwrap(wrapped: string): Buffer {
      const raw = Buffer.from(wrapped, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', wrapping, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
    },

    /** a token for `claim`, valid until `claim.exp` (seconds since the epoch) */
    sign(claim: LicenceClaim): string {
      const body = Buffer.from(JSON.stringify(claim)).toString('base64url');
      return `${body}.${createHmac('sha256', signing).update(body).digest('base64url')}`;
    },

    /** the claim of a token this secret signed, or null (forged, malformed); expiry is the caller's */
    verify(token: string): LicenceClaim | null {
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return null;
      const expected = createHmac('sha256', signing).update(body).digest();
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LicenceClaim;
        return typeof claim.sid === 'string' && typeof claim.id === 'number' ? claim : null;
      } catch {
        return null;
      }
    },
  };
}

export type MediaKeys = ReturnType<typeof mediaKeys>;

export interface LicenceClaim {
  /** the session the token was issued to: a hash of its id, never the id itself */
  sid: string;
  type: 'book' | 'summary';
  id: number;
  kid: string;
  /** seconds since the epoch */
  exp: number;
}

/** how a session is named inside a token */
export const sessionTag = (sessionId: string | number) =>
  createHash('sha256').update(`session:${sessionId}`).digest('base64url').slice(0, 22);

/** a KID as EME names it: base64url of its 16 bytes */
export const kidToBase64Url = (kid: string) => Buffer.from(kid, 'hex').toString('base64url');
