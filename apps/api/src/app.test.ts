import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '@nomsan/contracts/http';
import { createTestApp, type TestApp } from './test/app';

describe('the API base', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /healthz and /readyz', async () => {
    const health = await t.app.inject('/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it.each(['/api/nope', '/v4/nope', '/v5/nope', '/v6/books/1/nope', '/account/api/nope', '/api'])(
    'answers unknown API path %s with 404 in the envelope',
    async (url) => {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      const body = errorEnvelope.parse(response.json());
      expect(body.error.code).toBe('NOT_FOUND');
      expect(body.error.message).toMatch(/[А-Яа-яӨөҮү]/);
    },
  );

  it('answers a POST to an unknown API path with 404, not 415 or 500', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v6/nope', payload: { a: 1 } });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('rejects malformed JSON with 400 in the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v5/nope',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_JSON');
  });

  it('rejects an oversize body with 413 in the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/nope',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'ж'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('gives every response a request id, keeping a well-formed incoming one', async () => {
    const fresh = await t.app.inject('/healthz');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'edge-1234567890' } });
    expect(kept.headers['x-request-id']).toBe('edge-1234567890');
    const replaced = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id\n' } });
    expect(replaced.headers['x-request-id']).not.toBe('bad id\n');
  });

  it('sends security headers and a nonce-based Content-Security-Policy', async () => {
    const response = await t.app.inject('/api/categories');
    expect(response.headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-site',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    expect(response.headers['permissions-policy']).toMatch(/camera=\(\), .*encrypted-media=\(self\)/);
    // over plain HTTP a browser ignores HSTS; hardening.test.ts checks it over HTTPS
    expect(response.headers['strict-transport-security']).toBeUndefined();
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const again = await t.app.inject('/api/categories');
    expect(again.headers['content-security-policy']).not.toBe(csp);
  });

  it('compresses large answers', async () => {
    const response = await t.app.inject({ url: '/api/newsfeed/tabs/for-you', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(response.rawPayload).toString('utf8'));
    expect(body.data.shelves.length).toBeGreaterThan(0);
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const response = await t.app.inject('/docs/json');
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/categories', '/api/newsfeed/tabs/{tab}', '/healthz']),
    );
    const ui = await t.app.inject('/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('rate limiting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { perMinute: 3 } });
  });
  afterAll(() => t.close());

  it('answers 429 in the envelope past the limit, and never limits health checks', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await t.app.inject('/api/categories')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await t.app.inject('/api/categories');
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
  });
});

describe('readiness', () => {
  it('answers 503 when the database does not', async () => {
    const t = await createTestApp();
    const realPing = t.db.ping;
    t.db.ping = async () => false;
    const response = await t.app.inject('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'unavailable' });
    t.db.ping = realPing;
    await t.close();
  });
});

describe('a worker-only process', () => {
  it('composes the modules with the providers its jobs use (texts, e-mail, the payment rails), serving no API', async () => {
    const t = await createTestApp({ serveApi: false, accounts: { sandbox: true }, payments: { sandbox: true } });
    try {
      const settings = t.app.modules?.kernel.settings;
      expect(settings?.identity?.sms).toBeDefined();
      expect(settings?.identity?.mail).toBeDefined();
      expect(Object.keys(settings?.billing?.gateways ?? {})).toEqual(
        expect.arrayContaining(['qpay', 'golomt', 'socialpay', 'hipay', 'upoint', 'unitel']),
      );
      expect((await t.app.inject('/api/user')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
