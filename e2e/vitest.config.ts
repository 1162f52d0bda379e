import { defineConfig } from 'vitest/config';

/** Browser journeys: Playwright (playwright-core + Debian's Chromium) against the built server. */
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
