import type * as argon2 from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ verify: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof argon2>();
  return {
    ...original,
    verify: (...args: Parameters<typeof original.verify>) => {
      calls.verify += 1;
      return original.verify(...args);
    },
  };
});

const { checkCommonPassword, checkPassword, hashPassword } = await import('./passwords');

describe('passwords', () => {
  it('runs argon2 verification even when there is no account, and never lets it in', async () => {
    const before = calls.verify;
    expect(await checkPassword(null, 'anything-at-all')).toBe(false);
    expect(await checkPassword(undefined, '')).toBe(false);
    expect(calls.verify - before).toBe(2);
  });

  it('verifies argon2id hashes', async () => {
    const hash = await hashPassword('сайн-нууц-үг');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await checkPassword(hash, 'сайн-нууц-үг')).toBe(true);
    expect(await checkPassword(hash, 'муу-нууц-үг')).toBe(false);
    expect(await checkPassword('not-a-hash', 'x')).toBe(false);
  });

  it('knows the 10 000 most common passwords, in any case', async () => {
    expect(await checkCommonPassword('password')).toBe(true);
    expect(await checkCommonPassword('PASSWORD')).toBe(true);
    expect(await checkCommonPassword('12345678')).toBe(true);
    expect(await checkCommonPassword('хөх-тэнгэр-мөнх')).toBe(false);
  });
});
