import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

describe('the data directory lock', () => {
  it('refuses a second server on the same directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nomsan-lock-'));
    // Another live process holds the lock.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'server.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/another Nomsan server \(pid \d+\) is already using/);
    } finally {
      other.kill();
    }
  });

  it('takes over the lock of a process that is gone, and releases it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nomsan-lock-'));
    writeFileSync(join(dir, 'server.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    const again = lockDataDir(dir);
    again();
  });
});
