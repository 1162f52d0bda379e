import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mn } from '@nomsan/contracts/messages';

const MODULES = new URL('..', import.meta.url).pathname;

/** every action a module writes to the audit log: the literals of the files that call `audit.record`(`Many`) */
function recordedActions(): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(MODULES, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    const source = readFileSync(path, 'utf8');
    if (!source.includes('audit.record')) continue;
    for (const [, action] of source.matchAll(/'([a-z]+\.[a-z_]+)'/g)) found.set(action!, path.slice(MODULES.length));
  }
  return found;
}

/**
 * The back office's audit page names each action in Mongolian (mn.admin.audit.actions); an
 * action a module records without a name there would show its code to the owner instead.
 */
describe('the audit log speaks Mongolian', () => {
  it('has a name for every action a module records', () => {
    const actions = recordedActions();
    expect(actions.size, 'the scan finds the actions it should').toBeGreaterThan(15);
    const unnamed = [...actions].filter(([action]) => !(action in mn.admin.audit.actions));
    expect(unnamed.map(([action, file]) => `${action} (${file})`)).toEqual([]);
  });
});
