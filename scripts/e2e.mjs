#!/usr/bin/env node
// Runs the browser journeys (e2e/*.e2e.test.ts). With arguments, they go to one vitest run as
// they are (`npm run test:e2e -- e2e/reader.e2e.test.ts`). Without, every journey runs, in two
// lanes side by side: each lane is a vitest run of its own, with its own server and data
// (e2e/support/global-setup.ts), so a journey that moves the store's clock or signs the demo
// owner in never meets another lane's. A journey mostly waits on its browser and server, so two
// of them share a 2-core machine well: CI's journeys took 421 s in two lanes (367 s and 420 s)
// instead of about 900 s one after the other.
// The journeys are dealt to the lanes heaviest first, each to the lane with less work so far,
// by the durations below (seconds, measured here; a journey not listed counts as DEFAULT_S).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const config = ['--config', 'e2e/vitest.config.ts'];

const DEFAULT_S = 15;
const DURATION_S = {
  'server.e2e.test.ts': 110,
  'reader.e2e.test.ts': 66,
  'admin-catalog.e2e.test.ts': 66,
  'auth.e2e.test.ts': 46,
  'admin-journey.e2e.test.ts': 32,
  'player.e2e.test.ts': 32,
  'money-crash.e2e.test.ts': 30,
  'pages-agree.e2e.test.ts': 28,
  'admin-summaries.e2e.test.ts': 26,
};

/** runs vitest with `args`, its output into the terminal (`prefix`: buffered, printed at its end) */
function run(args, label) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...config, ...args], {
      cwd: root,
      stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('exit', (code, signal) => {
      if (label) process.stdout.write(`\n===== ${label} =====\n${output}`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const given = process.argv.slice(2);
if (given.length > 0) process.exit(await run(given));

const journeys = readdirSync(join(root, 'e2e'))
  .filter((name) => name.endsWith('.e2e.test.ts'))
  .sort((a, b) => (DURATION_S[b] ?? DEFAULT_S) - (DURATION_S[a] ?? DEFAULT_S) || a.localeCompare(b));
const lanes = [
  { files: [], seconds: 0 },
  { files: [], seconds: 0 },
];
for (const name of journeys) {
  const lane = lanes[0].seconds <= lanes[1].seconds ? lanes[0] : lanes[1];
  lane.files.push(`e2e/${name}`);
  lane.seconds += DURATION_S[name] ?? DEFAULT_S;
}
const started = Date.now();
const codes = await Promise.all(
  lanes.map((lane, i) => run(lane.files, `lane ${i + 1} of ${lanes.length}: ${lane.files.length} journeys`)),
);
console.log(
  `\njourneys: ${journeys.length} in ${Math.round((Date.now() - started) / 1000)} s, lanes exited ${codes.join(', ')}`,
);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
