import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

/**
 * One server with the demo catalogue for all journeys; its URL reaches the tests by env. Its
 * data directory, seeded once, is also kept as a template (copied while the server is stopped)
 * for tests that start servers of their own.
 */
export default async function setup(_project: TestProject) {
  const started = performance.now();
  const first = await startServer();
  await first.stop();
  const template = join(mkdtempSync(join(tmpdir(), 'nomsan-e2e-template-')), 'data');
  cpSync(first.dataDir, template, { recursive: true });
  // e2e/renewal.e2e.test.ts moves the sandbox's clock about a month ahead (POST /sandbox/clock):
  // sessions idle for 30 days would end, so they last longer here; every journey signs up from
  // 127.0.0.1, so that address may ask for (and try) more codes than a member's would
  const server = await startServer({
    dataDir: first.dataDir,
    env: { SESSION_IDLE_DAYS: '90', OTP_SENDS_PER_IP_HOUR: '1000', OTP_VERIFIES_PER_IP: '1000' },
  });
  console.log(`e2e server ready at ${server.url} in ${Math.round(performance.now() - started)} ms`);
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_TEMPLATE_DATA_DIR = template;
  return async () => {
    await server.stop();
  };
}
