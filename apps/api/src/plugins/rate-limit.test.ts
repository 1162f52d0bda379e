import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

// Runs where a Redis is configured (CI sets REDIS_URL on its PostgreSQL pass).
const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('rate limit shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ rateLimit: { perMinute: 3, redisUrl } });
    b = await createTestApp({ rateLimit: { perMinute: 3, redisUrl } });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts one client across processes', async () => {
    // A unique client address per run, so counters left by an earlier run do not interfere.
    const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const hit = (t: TestApp) =>
      t.app
        .inject({ url: '/api/categories', remoteAddress, headers: { 'x-request-id': randomUUID() } })
        .then((r) => r.statusCode);
    expect([await hit(a), await hit(b), await hit(a)]).toEqual([200, 200, 200]);
    expect(await hit(b)).toBe(429);
  });
});
