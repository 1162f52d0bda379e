import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { createTestDatabase } from '@nomsan/db/testing';
import type { DatabaseHandle } from '@nomsan/db/client';
import { createApp, type AppOptions } from '../app';

export interface TestApp {
  app: FastifyInstance;
  db: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * The real app on an isolated copy of the seeded test database, driven through `inject`.
 * `register` adds to it before it is ready (the web app, as the server does).
 */
export async function createTestApp(
  overrides: Partial<AppOptions> = {},
  register?: (app: FastifyInstance) => Promise<void>,
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await createApp({
    db: database.handle,
    publicBaseUrl: 'http://localhost:3000',
    mediaBaseUrl: '/media',
    logger: false,
    serveApi: true,
    trustProxy: false,
    bodyLimitBytes: 1024 * 1024,
    rateLimit: { perMinute: 0 },
    csp: { mediaOrigins: [], connectOrigins: [], upgradeInsecure: false },
    cookieSecret: 'test-cookie-secret-that-is-long-enough-0123456789',
    // loaded only by the tests that turn a sandbox on
    sandboxKit: () => import('@nomsan/sandbox/kit'),
    ...overrides,
    // the demo's EPUBs and recordings, taken in by the global setup (a test's own folders win)
    media: { ...inject('demoMedia'), ...overrides.media },
  });
  await register?.(app);
  await app.ready();
  return {
    app,
    db: database.handle,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}
