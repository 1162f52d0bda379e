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

export default defineConfig({
  resolve: { alias: { '~': path('./apps/web/app') } },
  test: {
    include: ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}'],
    ...(onServerDatabase ? { related: dependsOnServers } : {}),
    globalSetup: ['apps/api/src/test/global-setup.ts'],
    pool: 'forks',
    // Vitest's default leaves a core idle (one worker on a 2-core machine); the files mostly wait
    // on their embedded database or the server's, so one per core keeps both busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
