import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdmin, UsageError } from './admin';
import { loadConfig } from './config';

/**
 * The operator's staff commands on an embedded database: the first owner of a store comes from
 * `staff add`, which prints the invitation's link; bad input is a usage error, not a stack.
 */
describe('npm run admin -- staff', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'nomsan-admin-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ DATA_DIR: dataDir, COOKIE_SECRET: 'admin-test-cookie-secret-0123456789abcdef' }, []);
  const run = async (...args: string[]) => {
    const printed: string[] = [];
    await runAdmin(config, args, (line) => void printed.push(line));
    return printed;
  };

  it('invites the first owner and lists them as invited', { timeout: 120_000 }, async () => {
    const added = await run('staff', 'add', '9911-2233', 'owner,finance', 'Бат', 'Дорж');
    expect(added[0]).toBe('invited Бат Дорж <99112233> as owner, finance; the link (good for 7 days):');
    expect(added[1]).toMatch(/^http:\/\/localhost:3000\/admin\/invite\/[A-Za-z0-9_-]{40,}$/);
    const listed = await run('staff', 'list');
    expect(listed).toEqual([expect.stringMatching(/^invited {2}99112233 {2}Бат Дорж {2}owner,finance {2}until /)]);
  });

  it('refuses a bad address or role with a readable line', { timeout: 60_000 }, async () => {
    await expect(run('staff', 'add', 'nobody', 'owner')).rejects.toThrow(UsageError);
    await expect(run('staff', 'add', '99112233', 'king')).rejects.toThrow(/Үүрэг буруу/);
  });
});
