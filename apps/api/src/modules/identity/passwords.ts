import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id with the OWASP baseline parameters (19 MiB, 2 passes, 1 lane). */
const ARGON2ID = 2 as Algorithm;
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** How many of the most common passwords are refused. */
export const COMMON_PASSWORDS = 10_000;

export const hashPassword = (password: string) => hash(password, options);

/** A hash of nothing anyone knows: verified against when there is no account, so that a
 * sign-in for an unknown account takes as long as one for a known account. */
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword(randomBytes(24).toString('base64')));

/** Verifies against the stored hash, or against a dummy one when there is none. */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  const target = stored ?? (await dummy());
  const ok = await verify(target, password).catch(() => false);
  return ok && Boolean(stored);
}

let common: Promise<Set<string>> | undefined;

/** The ranked list of zxcvbn-ts (MIT), most common first; loaded on first use. */
function commonPasswords(): Promise<Set<string>> {
  return (common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS)),
  ));
}

export async function checkCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
