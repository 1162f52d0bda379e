import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Audio and EPUB fixtures, next to the package sources or the server bundle. Apart from
 * seed.ts so that what reads a fixture (the API's reader) does not load the seeding code.
 */
export function fixturesDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, '..', 'fixtures'), join(here, 'demo-fixtures')];
  const found = candidates.find((dir) => existsSync(join(dir, 'audio')));
  if (!found) throw new Error(`demo fixtures not found (looked in ${candidates.join(', ')})`);
  return found;
}
