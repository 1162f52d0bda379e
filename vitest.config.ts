import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * With DATABASE_URL (CI's second pass, on PostgreSQL) only the files whose outcome can depend on
 * the database or on Redis run again: every test that reaches the database client, plus the ones
 * that read REDIS_URL themselves. The others import nothing that reads either, so a second run
 * of them would prove nothing new.
 */
const onServerDatabase = Boolean(process.env.DATABASE_URL);
const dependsOnServers = [
  path('./packages/db/src/client.ts'),
  path('./apps/api/src/lib/invalidation.test.ts'),
  path('./apps/api/src/lib/limiter.test.ts'),
  path('./apps/api/src/plugins/rate-limit.test.ts'),
];

const include = ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}'];
/** the files that replace a module with `vi.mock`: each needs a module registry of its own */
const mocking = ['apps/api/src/lib/endpoint-route.test.ts', 'apps/api/src/modules/identity/passwords.test.ts'];

export default defineConfig({
  resolve: { alias: { '~': path('./apps/web/app') } },
  test: {
    // A worker keeps the modules it imported from one file to the next (`isolate: false`): each
    // file used to import the API anew, about 1.3 s a file and 160 s of a CI pass. The files
    // own their state (each makes its app, database and clock), so nothing else is shared.
    projects: [
      { extends: true, test: { name: 'shared', include, exclude: mocking, isolate: false } },
      { extends: true, test: { name: 'isolated', include: mocking } },
    ],
    ...(onServerDatabase ? { related: dependsOnServers } : {}),
    // a spy (console.warn silenced, a driver's query counted) ends with its test, not its worker
    restoreMocks: true,
    globalSetup: ['apps/api/src/test/global-setup.ts'],
    pool: 'forks',
    // The files mostly wait (on their embedded database, the server's, timers): a worker per core
    // left the two cores half idle (a pass used 0.8 of them); one more than the cores keeps them
    // busy (the PGlite pass took 359 s instead of 515 s here, beside the same other work).
    maxWorkers: availableParallelism() + 1,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
