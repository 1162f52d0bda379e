import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import { errorEnvelope } from '@nomsan/contracts/http';
import { logOptions, redactUrl } from './log-options';
import { canonicalTarget } from './lib/request-target';
import { createTestApp, type TestApp } from './test/app';
import { createAccountsApp, freshIp, fromSite, registerByPhone, type AccountsTestApp } from './test/accounts';

/**
 * One test (or more) per finding of the hardening review (issue 20): each class of defect, tried
 * the way it was found. The raw-socket spellings that `inject` would normalise are in
 * raw-requests.test.ts.
 */

const EVIL = 'http://evil.example';
const expectEnvelope = (response: { statusCode: number; json: () => unknown }, status: number, code?: string) => {
  expect(response.statusCode).toBe(status);
  const body = errorEnvelope.parse(response.json());
  if (code) expect(body.error.code).toBe(code);
  expect(body.error.message).toMatch(/[А-Яа-яӨөҮү]/);
};

describe('1. one request cannot stop the server', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    // the real serializers, as the server logs every request
    t = await createTestApp({ logger: pino({ level: 'info', ...logOptions }, sink) });
  });
  afterAll(() => t.close());

  it.each(['/api/categories?%=1', '/api/categories?a=%E0%A4%A', '/api/categories?%zz=1&code=1', '/%zz', '/api/%'])(
    'answers %s with 400 in the envelope, logs it, and serves the next request',
    async (url) => {
      expectEnvelope(await t.app.inject(url), 400, 'BAD_REQUEST');
      expect((await t.app.inject('/api/categories')).statusCode).toBe(200);
      expect(lines.some((line) => (line.req as { rawUrl?: string } | undefined)?.rawUrl === redactUrl(url))).toBe(true);
    },
  );

  it('redacts secret query parameters without ever throwing on what a client sent', () => {
    expect(redactUrl('/cb?code=123&state=abc&x=1')).toBe('/cb?code=[redacted]&state=[redacted]&x=1');
    expect(redactUrl('/cb?%=1&c%6Fde=9')).toBe('/cb?%=1&c%6Fde=[redacted]');
    expect(() => redactUrl('/x?%E0%A4%A=%')).not.toThrow();
  });
});

describe('2. the defences read the URL the router routes', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(() => t.close());

  it('spells every request target one canonical way, or refuses it', () => {
    const cases: [string, string | null][] = [
      ['/%61pi/user', '/api/user'],
      ['//api//user', '/api/user'],
      ['/x/../api/user', '/api/user'],
      ['/%2e%2e/api/user', '/api/user'],
      ['/x/%2E/../api/user/', '/api/user/'],
      ['http://localhost:3000/api/user?a=1', '/api/user?a=1'],
      ['HTTP://evil/v4/auth/logout', '/v4/auth/logout'],
      ['/book/%D0%BD%D0%BE%D0%BC', '/book/%D0%BD%D0%BE%D0%BC'],
      ['/book/ном', '/book/%D0%BD%D0%BE%D0%BC'],
      ['/a%2Fb', '/a%2Fb'],
      ['/search?q=a+b&c=%20', '/search?q=a+b&c=%20'],
      ['/%zz', null],
      ['/x?%=1', null],
      ['/x%00y', null],
      ['/x?q=%00', null],
      ['/x?q=%01', null],
      ['/x?q=a%0Ab', null],
      ['/x?q=%7F', null],
      ['/x?%1F=1', null],
      ['/x?q=a%09b+c', null],
      ['*', null],
      ['example.com:443', null],
    ];
    for (const [raw, canonical] of cases) {
      const target = canonicalTarget(raw);
      expect(target.ok ? target.url : null, raw).toBe(canonical);
    }
  });

  it.each(['/%61pi/user', '//api/user', '/x/../api/user', '/api/./user'])(
    'refuses a cross-site PATCH %s with the cookie, and changes nothing',
    async (url) => {
      const member = await registerByPhone(t.app, { name: 'Болд' });
      const response = await t.app.inject({
        method: 'PATCH',
        url,
        headers: { ...fromSite(member.jar), origin: EVIL },
        payload: { name: 'Халдагч' },
      });
      expectEnvelope(response, 403, 'CSRF_REJECTED');
      const me = await t.app.inject({ url: '/api/user', headers: fromSite(member.jar) });
      expect(me.json().data.name).toBe('Болд');
    },
  );

  it('refuses a cross-site sign-out spelled /%764/auth/logout, and the session stays', async () => {
    const member = await registerByPhone(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/%764/auth/logout',
      headers: { ...fromSite(member.jar), origin: EVIL },
      payload: {},
    });
    expectEnvelope(response, 403, 'CSRF_REJECTED');
    expect((await t.app.inject({ url: '/api/user', headers: fromSite(member.jar) })).statusCode).toBe(200);
  });

  it('counts every spelling of a path against the same rate limit', async () => {
    const limited = await createTestApp({ rateLimit: { perMinute: 3 } });
    try {
      const ip = freshIp();
      for (let i = 0; i < 3; i++) {
        expect((await limited.app.inject({ url: '/api/categories', remoteAddress: ip })).statusCode).toBe(200);
      }
      for (const url of ['/%61pi/categories', '//api/categories', '/x/../api/categories']) {
        const response = await limited.app.inject({ url, remoteAddress: ip });
        expectEnvelope(response, 429, 'RATE_LIMITED');
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('3. every error is answered in the envelope', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(() => t.close());

  it('answers a path segment longer than any id or slug with 404 in the envelope', async () => {
    expectEnvelope(await t.app.inject(`/api/publications/${'1'.repeat(300)}`), 404, 'NOT_FOUND');
  });

  it('answers text that no database text can hold (NUL) with 400, in the query and in JSON', async () => {
    expectEnvelope(await t.app.inject('/v5/discovery/search?q=%00'), 400, 'BAD_REQUEST');
    const body = await t.app.inject({
      method: 'POST',
      url: '/v4/auth/login',
      headers: { ...fromSite(), 'content-type': 'application/json' },
      payload: '{"login":"99112233\\u0000","password":"whatever-1"}',
    });
    expectEnvelope(body, 400, 'VALIDATION_ERROR');
  });

  it("answers a malformed Basic header at the sandbox's token endpoint as a provider would: 401", async () => {
    for (const authorization of ['Basic %%%', `Basic ${Buffer.from('%E0%A4%A:x').toString('base64')}`]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/sandbox/oauth/toki/token',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=authorization_code&code=x',
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'invalid_client' });
    }
  });

  it('answers a browser asking for a page it cannot have with a page, not JSON', async () => {
    const response = await t.app.inject({ url: '/%zz', headers: { accept: 'text/html,*/*' } });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('lang="mn"');
    expect(response.body).toContain('Хүсэлт буруу байна.');
  });
});

describe('4. accounts: an address is proven before it is used, and no member learns who has one', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(() => t.close());

  it('answers "add this address" alike whether another member has it or not', async () => {
    const owner = await registerByPhone(t.app);
    const address = `owner-${owner.userId}@example.mn`;
    await t.db.db.execute(
      sql`update identity_user set email = ${address}, email_verified_at = now() where id = ${owner.userId}`,
    );
    const member = await registerByPhone(t.app);
    const patch = (email: string) =>
      t.app.inject({ method: 'PATCH', url: '/api/user', headers: fromSite(member.jar), payload: { email } });
    const taken = await patch(address);
    const free = await patch(`free-${member.userId}@example.mn`);
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual(free.json());
    // and the owner still has it
    const row = await t.db.db.execute(sql`select email from identity_user where id = ${owner.userId}`);
    expect(row.rows[0]).toEqual({ email: address });
  });

  it('keeps an address that nobody verified out of the database', async () => {
    const member = await registerByPhone(t.app);
    await expect(
      t.db.db.execute(sql`update identity_user set email = 'unproven@example.mn' where id = ${member.userId}`),
    ).rejects.toThrow();
  });
});

describe('5. ids and integers are plain decimal digits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(['0x10', '+1', '%201', '1e1', '012', '1.0', '%2B1', '٣'])('refuses the id %s', async (id) => {
    expectEnvelope(await t.app.inject(`/api/publications/${id}`), 400);
    expectEnvelope(await t.app.inject(`/v4/books/${id}`), 400);
  });

  it('still answers a plain id', async () => {
    expect((await t.app.inject('/api/publications/16')).statusCode).toBe(200);
  });

  it.each([
    'page=0x10',
    'page=1e1',
    'page=%201',
    'page=+1',
    'page=1.5',
    'page=-1',
    'page[size]=0x10',
    'category_id=0x1',
  ])('refuses the query integer %s', async (query) => {
    const response = await t.app.inject(`/v5/discovery/search?q=%D0%BD%D0%BE%D0%BC&${query}`);
    expectEnvelope(response, 400, 'VALIDATION_ERROR');
  });

  it('says what is wrong with a field in Mongolian, whatever the schema', async () => {
    const response = await t.app.inject('/api/book/tags?take=500');
    expectEnvelope(response, 400, 'VALIDATION_ERROR');
    expect(response.json().error.fields.take).toBe('Хамгийн ихдээ 100 байна.');
  });
});

describe("6. a page's own API calls do not spend the visitor's allowance", () => {
  it('counts a page request once, however many calls it makes, and answers 429 with Retry-After', async () => {
    const t = await createTestApp({ rateLimit: { perMinute: 3 } });
    try {
      const { INTERNAL_CALL_HEADER, internalCallToken } = await import('./lib/internal-call');
      const internal = {
        [INTERNAL_CALL_HEADER]: internalCallToken('test-cookie-secret-that-is-long-enough-0123456789'),
      };
      const ip = freshIp();
      // A page's loaders: many calls on the visitor's behalf, none of them counted.
      for (let i = 0; i < 10; i++) {
        const call = await t.app.inject({ url: '/api/categories', remoteAddress: ip, headers: internal });
        expect(call.statusCode).toBe(200);
      }
      // Someone who does not know the secret is counted.
      const forged = { [INTERNAL_CALL_HEADER]: 'guess' };
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await t.app.inject({ url: '/api/categories', remoteAddress: ip, headers: forged })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('8. deployment: the real scheme decides Secure cookies and HSTS', () => {
  it('behind a TLS proxy without TRUST_PROXY, an https public origin still gets Secure cookies and HSTS', async () => {
    // (the test's pages post from http://localhost:3000, trusted here besides the public origin)
    const t = await createAccountsApp({
      publicBaseUrl: 'https://nomsan.example',
      trustedOrigins: new Set(['http://localhost:3000']),
    });
    try {
      const member = await registerByPhone(t.app);
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/v4/auth/login',
        remoteAddress: freshIp(),
        headers: { origin: 'https://nomsan.example', 'device-uuid': crypto.randomUUID() },
        payload: { login: member.phone, password: member.password },
      });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.cookies.length).toBeGreaterThan(0);
      expect(signIn.cookies.every((cookie) => cookie.secure)).toBe(true);
      expect(signIn.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    } finally {
      await t.close();
    }
  });

  it('over plain HTTP, neither: a Secure cookie would never come back', async () => {
    const t = await createAccountsApp();
    try {
      const member = await registerByPhone(t.app);
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/v4/auth/login',
        remoteAddress: freshIp(),
        headers: fromSite({}, { 'device-uuid': crypto.randomUUID() }),
        payload: { login: member.phone, password: member.password },
      });
      expect(signIn.cookies.some((cookie) => cookie.secure)).toBe(false);
      expect(signIn.headers['strict-transport-security']).toBeUndefined();
      expect(signIn.headers['permissions-policy']).toContain('camera=()');
    } finally {
      await t.close();
    }
  });

  it('trusts the origins it is given besides the public one, and no other', async () => {
    const t = await createAccountsApp({ trustedOrigins: new Set(['http://127.0.0.1:3000']) });
    try {
      const member = await registerByPhone(t.app, { name: 'Болд' });
      const patch = (origin: string, name: string) =>
        t.app.inject({
          method: 'PATCH',
          url: '/api/user',
          headers: { ...fromSite(member.jar), origin },
          payload: { name },
        });
      expect((await patch('http://127.0.0.1:3000', 'Сараа')).statusCode).toBe(200);
      expect((await patch('http://127.0.0.1:3001', 'Халдагч')).statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});
