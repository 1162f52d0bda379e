import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import { CSRF_COOKIE, SESSION_COOKIE } from '@nomsan/contracts/identity';
import {
  cookieHeader,
  cookiesOf,
  createAccountsApp,
  freshIp,
  freshPhone,
  fromSite,
  lastCode,
  ORIGIN,
  registerByPhone,
  signIn,
  type AccountsTestApp,
} from '../../test/accounts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('accounts security', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(() => t.close());

  const rows = async (table: string) =>
    Number(((await t.db.db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0] as { n: number }).n);
  const counts = async () => ({
    users: await rows('identity_user'),
    sessions: await rows('identity_session'),
    challenges: await rows('identity_otp_challenge'),
    social: await rows('identity_social_account'),
  });

  const sendCode = (body: Record<string, unknown>, ip = freshIp()) =>
    t.app.inject({ method: 'POST', url: '/v4/auth/otp', remoteAddress: ip, headers: fromSite(), payload: body });
  const verify = (body: Record<string, unknown>, ip = freshIp(), headers: Record<string, string> = fromSite()) =>
    t.app.inject({ method: 'POST', url: '/v4/auth/otp:verify', remoteAddress: ip, headers, payload: body });

  describe('passwords', () => {
    it('stores an argon2id hash, never the password', async () => {
      const account = await registerByPhone(t.app, { password: 'тэнгэр-уул-2025' });
      const stored = (await t.db.db.execute(sql`select password_hash from identity_user where id = ${account.userId}`))
        .rows[0] as { password_hash: string };
      expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(stored.password_hash).not.toContain('тэнгэр');
    });

    it('refuses passwords shorter than 8 characters and the most common ones, writing nothing', async () => {
      const phone = freshPhone();
      const ip = freshIp();
      const sent = await sendCode({ purpose: 'register', phone }, ip);
      const verified = await verify(
        { challenge_id: sent.json().data.challenge_id, purpose: 'register', code: await lastCode(t.app, phone) },
        ip,
      );
      const token = verified.json().data.verification_token;
      const before = await counts();
      for (const [password, message] of [
        ['short1', /8 тэмдэгт/],
        ['password1', /түгээмэл/],
        ['iloveyou', /түгээмэл/],
        ['Qwertyuiop', /түгээмэл/],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/v4/auth/register',
          remoteAddress: ip,
          headers: fromSite({}, { 'client-id': 'web', 'device-uuid': crypto.randomUUID() }),
          payload: { verification_token: token, name: 'Test', password },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_ERROR');
        expect(response.json().error.fields.password).toMatch(message);
      }
      expect(await counts()).toEqual(before);
      // The token was not used up by the refusals.
      const ok = await t.app.inject({
        method: 'POST',
        url: '/v4/auth/register',
        remoteAddress: ip,
        headers: fromSite({}, { 'client-id': 'web', 'device-uuid': crypto.randomUUID() }),
        payload: { verification_token: token, name: 'Test', password: 'хурдан-морь-77' },
      });
      expect(ok.statusCode).toBe(200);
    });
  });

  describe('one-time codes', () => {
    it('are 6 random digits, and the answer tells how long they live and when to resend', async () => {
      const phone = freshPhone();
      const response = await sendCode({ purpose: 'register', phone: `+976${phone}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        purpose: 'register',
        channel: 'sms',
        destination: `${phone.slice(0, 2)}••••${phone.slice(-2)}`,
        expires_in: 600,
        resend_in: 60,
      });
      expect(await lastCode(t.app, phone)).toMatch(/^\d{6}$/);
      const stored = (
        await t.db.db.execute(
          sql`select code_hash from identity_otp_challenge where id = ${response.json().data.challenge_id}`,
        )
      ).rows[0] as { code_hash: string };
      expect(stored.code_hash).not.toContain(await lastCode(t.app, phone));
    });

    it('expire after 10 minutes', async () => {
      const phone = freshPhone();
      const sent = await sendCode({ purpose: 'register', phone });
      const code = await lastCode(t.app, phone);
      t.clock.advance(10 * MINUTE + 1000);
      const response = await verify({ challenge_id: sent.json().data.challenge_id, purpose: 'register', code });
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toMatchObject({ code: 'OTP_INVALID', message: expect.stringMatching(/хугацаа/) });
    });

    it('are bound to their purpose and their challenge', async () => {
      const phone = freshPhone();
      const first = await sendCode({ purpose: 'register', phone });
      const firstCode = await lastCode(t.app, phone);
      const wrongPurpose = await verify({
        challenge_id: first.json().data.challenge_id,
        purpose: 'reset',
        code: firstCode,
      });
      expect(wrongPurpose.json().error.code).toBe('OTP_INVALID');
      t.clock.advance(MINUTE + 1000);
      const second = await sendCode({ purpose: 'register', phone });
      const secondCode = await lastCode(t.app, phone);
      if (secondCode !== firstCode) {
        const crossed = await verify({
          challenge_id: second.json().data.challenge_id,
          purpose: 'register',
          code: firstCode,
        });
        expect(crossed.json().error.code).toBe('OTP_INVALID');
      }
      const right = await verify({
        challenge_id: first.json().data.challenge_id,
        purpose: 'register',
        code: firstCode,
      });
      expect(right.statusCode).toBe(200);
    });

    it('work once', async () => {
      const phone = freshPhone();
      const sent = await sendCode({ purpose: 'register', phone });
      const body = {
        challenge_id: sent.json().data.challenge_id,
        purpose: 'register',
        code: await lastCode(t.app, phone),
      };
      expect((await verify(body)).statusCode).toBe(200);
      const again = await verify(body);
      expect(again.statusCode).toBe(422);
      expect(again.json().error.message).toMatch(/ашигласан/);
    });

    it('allow 5 wrong tries per challenge, then not even the right code', async () => {
      const phone = freshPhone();
      const sent = await sendCode({ purpose: 'register', phone });
      const code = await lastCode(t.app, phone);
      const wrong = code === '000000' ? '111111' : '000000';
      const messages = [];
      for (let i = 0; i < 5; i += 1) {
        const response = await verify({
          challenge_id: sent.json().data.challenge_id,
          purpose: 'register',
          code: wrong,
        });
        expect(response.statusCode).toBe(422);
        messages.push(response.json().error.message);
      }
      expect(messages[0]).toMatch(/4 удаа/);
      expect(messages[4]).toMatch(/Хэт олон/);
      const right = await verify({ challenge_id: sent.json().data.challenge_id, purpose: 'register', code });
      expect(right.statusCode).toBe(422);
      expect(right.json().error.message).toMatch(/Хэт олон/);
    });

    it('are sent at most once a minute to one number, 5 times an hour per asking address, 10 in all', async () => {
      const phone = freshPhone();
      const ip = freshIp();
      expect((await sendCode({ purpose: 'register', phone }, ip)).statusCode).toBe(200);
      const tooSoon = await sendCode({ purpose: 'register', phone }, ip);
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json().error.code).toBe('RATE_LIMITED');
      expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
      const statuses = [];
      for (let i = 0; i < 5; i += 1) {
        t.clock.advance(2 * MINUTE);
        statuses.push((await sendCode({ purpose: 'register', phone }, ip)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      // A stranger asking from one address has not used up the owner's codes.
      t.clock.advance(2 * MINUTE);
      expect((await sendCode({ purpose: 'register', phone })).statusCode).toBe(200);
      const fromOthers = [];
      for (let i = 0; i < 5; i += 1) {
        t.clock.advance(2 * MINUTE);
        fromOthers.push((await sendCode({ purpose: 'register', phone })).statusCode);
      }
      // the number's own ceiling: 10 an hour, whoever asks
      expect(fromOthers).toEqual([200, 200, 200, 200, 429]);
      t.clock.advance(2 * 60 * MINUTE);
      expect((await sendCode({ purpose: 'register', phone }, ip)).statusCode).toBe(200);
    });

    it('are sent at most 20 times an hour from one address', async () => {
      const ip = freshIp();
      const statuses = [];
      for (let i = 0; i < 21; i += 1)
        statuses.push((await sendCode({ purpose: 'register', phone: freshPhone() }, ip)).statusCode);
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
    });

    it('write nothing when refused by a limit', async () => {
      const phone = freshPhone();
      await sendCode({ purpose: 'register', phone });
      const before = await counts();
      expect((await sendCode({ purpose: 'register', phone })).statusCode).toBe(429);
      expect(await counts()).toEqual(before);
    });
  });

  describe('no account enumeration', () => {
    it('answers a code request alike whether the account exists, and only the phone learns which', async () => {
      const existing = await registerByPhone(t.app);
      const unknown = freshPhone();
      const shape = (body: { data: Record<string, unknown> }) => ({
        ...body.data,
        challenge_id: 'x',
        destination: String(body.data.destination).replace(/\d/g, '#'),
      });
      for (const purpose of ['register', 'login', 'reset']) {
        t.clock.advance(2 * MINUTE);
        const a = await sendCode({ purpose, phone: existing.phone });
        const b = await sendCode({ purpose, phone: unknown });
        expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
        expect(shape(a.json())).toEqual(shape(b.json()));
        expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
      }
    });

    it('answers a password sign-in alike for an unknown account and a wrong password', async () => {
      const existing = await registerByPhone(t.app);
      const wrong = await signIn(t.app, existing.phone, 'not-the-password');
      const unknown = await signIn(t.app, freshPhone(), 'not-the-password');
      const noSuchEmail = await signIn(t.app, 'nobody@example.mn', 'not-the-password');
      for (const response of [wrong, unknown, noSuchEmail]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(wrong.json());
        expect(response.cookies).toEqual([]);
      }
      expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    });
  });

  describe('sign-in limits', () => {
    it('slows wrong passwords per account and address, never locking the owner out from elsewhere', async () => {
      const existing = await registerByPhone(t.app);
      const attacker = freshIp();
      const statuses = [];
      for (let i = 0; i < 6; i += 1) {
        statuses.push((await signIn(t.app, existing.phone, `wrong-${i}`, { ip: attacker })).statusCode);
      }
      // five are free; the sixth comes too soon after the fifth
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      const waiting = await signIn(t.app, existing.phone, 'wrong-6', { ip: attacker });
      expect(waiting.statusCode).toBe(429);
      expect(Number(waiting.headers['retry-after'])).toBe(1);
      // The delay grows with each further failure: 1 s, then 2 s, then 4 s.
      t.clock.advance(1000);
      expect((await signIn(t.app, existing.phone, 'wrong-7', { ip: attacker })).statusCode).toBe(401);
      const longer = await signIn(t.app, existing.phone, 'wrong-8', { ip: attacker });
      expect(Number(longer.headers['retry-after'])).toBe(2);
      // The owner, from their own address, signs in at once, with the password or a code.
      expect((await signIn(t.app, existing.phone, existing.password)).statusCode).toBe(200);
      t.clock.advance(2 * MINUTE); // (the sign-up code was sent less than a minute ago)
      const code = await sendCode({ purpose: 'login', phone: existing.phone });
      expect(code.statusCode).toBe(200);
      // Even the attacker's address gets in with the right password once the delay is over.
      expect((await signIn(t.app, existing.phone, existing.password, { ip: attacker })).statusCode).toBe(200);
      // and its count starts again
      expect((await signIn(t.app, existing.phone, 'wrong-9', { ip: attacker })).statusCode).toBe(401);

      const ip = freshIp();
      const fromOneAddress = [];
      for (let i = 0; i < 31; i += 1)
        fromOneAddress.push((await signIn(t.app, freshPhone(), 'whatever-1', { ip })).statusCode);
      expect(fromOneAddress[29]).toBe(401);
      expect(fromOneAddress[30]).toBe(429);
    });
  });

  const counters: [string, string | undefined][] = [['in this process', undefined]];
  if (process.env.REDIS_URL) counters.push(['in Redis', process.env.REDIS_URL]);
  describe.each(counters)('wrong passwords sent at once, counted %s', (_where, redisUrl) => {
    let shared: AccountsTestApp;
    beforeAll(async () => {
      shared = redisUrl ? await createAccountsApp({ rateLimit: { perMinute: 0, redisUrl } }) : t;
    });
    afterAll(async () => {
      if (shared !== t) await shared.close();
    });

    it('get no more than the free tries, however many arrive together', async () => {
      const existing = await registerByPhone(shared.app);
      const attacker = freshIp();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => signIn(shared.app, existing.phone, `wrong-${i}`, { ip: attacker })),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      // five are free (LOGIN_BACKOFF); every other guess waits its turn
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(35);
      for (const answer of answers.filter((a) => a.statusCode === 429)) {
        expect(answer.json().error.code).toBe('RATE_LIMITED');
        expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      // the owner, from elsewhere, is not held up
      expect((await signIn(shared.app, existing.phone, existing.password)).statusCode).toBe(200);
    });
  });

  describe('sessions', () => {
    it('live in an HttpOnly, SameSite=Lax cookie, Secure over HTTPS, with a readable CSRF cookie', async () => {
      const account = await registerByPhone(t.app);
      const response = await signIn(t.app, account.phone, account.password);
      const session = response.cookies.find((c) => c.name === SESSION_COOKIE);
      const csrf = response.cookies.find((c) => c.name === CSRF_COOKIE);
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(session?.secure).toBeFalsy();
      expect(csrf?.httpOnly).toBeFalsy();
      expect(response.headers['cache-control']).toBe('private, no-store');

      const https = await createAccountsApp({ trustProxy: true });
      try {
        const over = await registerByPhone(https.app);
        const viaProxy = await https.app.inject({
          method: 'POST',
          url: '/v4/auth/login',
          remoteAddress: freshIp(),
          headers: { ...fromSite(), 'x-forwarded-proto': 'https' },
          payload: { login: over.phone, password: over.password },
        });
        expect(viaProxy.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ secure: true, httpOnly: true });
      } finally {
        await https.close();
      }
    });

    it('store only a hash of the token', async () => {
      const account = await registerByPhone(t.app);
      const stored = (
        await t.db.db.execute(sql`select token_hash from identity_session where id = ${account.deviceId}`)
      ).rows[0] as { token_hash: string };
      expect(stored.token_hash).not.toBe(account.token);
      expect(stored.token_hash).toHaveLength(43);
    });

    it('get a new id at sign-in, and the old token stops working', async () => {
      const account = await registerByPhone(t.app);
      const again = await signIn(t.app, account.phone, account.password, { jar: account.jar });
      const jar = cookiesOf(again, account.jar);
      expect(jar[SESSION_COOKIE]).not.toBe(account.jar[SESSION_COOKIE]);
      expect(again.json().data.device_id).not.toBe(account.deviceId);
      expect((await t.app.inject({ url: '/api/user', headers: fromSite(account.jar) })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/user', headers: fromSite(jar) })).statusCode).toBe(200);
    });

    it('end after the idle lifetime without requests', async () => {
      const account = await registerByPhone(t.app);
      t.clock.advance(29 * DAY);
      expect((await t.app.inject({ url: '/api/user', headers: fromSite(account.jar) })).statusCode).toBe(200);
      t.clock.advance(29 * DAY);
      expect((await t.app.inject({ url: '/api/user', headers: fromSite(account.jar) })).statusCode).toBe(200);
      t.clock.advance(31 * DAY);
      const expired = await t.app.inject({ url: '/api/user', headers: fromSite(account.jar) });
      expect(expired.statusCode).toBe(401);
      // The browser is told to forget the cookie.
      expect(expired.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    });

    it('end after the absolute lifetime however active', async () => {
      const account = await registerByPhone(t.app);
      for (const days of [20, 20, 20, 20, 20, 20, 20, 20, 19]) {
        t.clock.advance(days * DAY);
        expect((await t.app.inject({ url: '/api/user', headers: fromSite(account.jar) })).statusCode).toBe(200);
      }
      t.clock.advance(2 * DAY);
      expect((await t.app.inject({ url: '/api/user', headers: fromSite(account.jar) })).statusCode).toBe(401);
    });

    it('record last seen at most once a minute', async () => {
      const account = await registerByPhone(t.app);
      const lastSeen = async () =>
        (
          (await t.db.db.execute(sql`select last_seen_at from identity_session where id = ${account.deviceId}`))
            .rows[0] as { last_seen_at: string | Date }
        ).last_seen_at.toString();
      const first = await lastSeen();
      t.clock.advance(30_000);
      await t.app.inject({ url: '/api/user', headers: fromSite(account.jar) });
      expect(await lastSeen()).toBe(first);
      t.clock.advance(31_000);
      await t.app.inject({ url: '/api/user', headers: fromSite(account.jar) });
      expect(await lastSeen()).not.toBe(first);
    });

    it('end on every other device when the password changes', async () => {
      const account = await registerByPhone(t.app);
      const other = cookiesOf(await signIn(t.app, account.phone, account.password));
      const bearer = (await signIn(t.app, account.phone, account.password)).json().data.access_token;
      const changed = await t.app.inject({
        method: 'POST',
        url: '/account/api/password',
        headers: fromSite(account.jar),
        payload: { current_password: account.password, password: 'шинэ-нууц-үг-42' },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data).toEqual({ ok: true, signed_out_devices: 2 });
      expect((await t.app.inject({ url: '/api/user', headers: fromSite(other) })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${bearer}` } })).statusCode,
      ).toBe(401);
      expect((await t.app.inject({ url: '/api/user', headers: fromSite(account.jar) })).statusCode).toBe(200);
      expect((await signIn(t.app, account.phone, account.password)).statusCode).toBe(401);
      expect((await signIn(t.app, account.phone, 'шинэ-нууц-үг-42')).statusCode).toBe(200);
    });

    it('refuse a password change without the current password', async () => {
      const account = await registerByPhone(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/account/api/password',
        headers: fromSite(account.jar),
        payload: { current_password: 'wrong-password', password: 'шинэ-нууц-үг-42' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.current_password).toBeDefined();
    });

    it('end on every device when the password is reset with a code', async () => {
      const account = await registerByPhone(t.app);
      t.clock.advance(2 * MINUTE);
      const sent = await sendCode({ purpose: 'reset', phone: account.phone });
      const verified = await verify({
        challenge_id: sent.json().data.challenge_id,
        purpose: 'reset',
        code: await lastCode(t.app, account.phone),
      });
      const reset = await t.app.inject({
        method: 'POST',
        url: '/v4/auth/reset-password',
        remoteAddress: freshIp(),
        headers: fromSite(),
        payload: { verification_token: verified.json().data.verification_token, password: 'цэнхэр-тэнгэр-9' },
      });
      expect(reset.statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/user', headers: fromSite(account.jar) })).statusCode).toBe(401);
      expect((await signIn(t.app, account.phone, 'цэнхэр-тэнгэр-9')).statusCode).toBe(200);
    });
  });

  describe('CSRF', () => {
    it('refuses a cross-site form post that carries the cookie, and changes nothing', async () => {
      const account = await registerByPhone(t.app);
      const before = await counts();
      for (const headers of [
        { origin: 'https://evil.example', 'content-type': 'application/json' },
        { origin: 'null', 'content-type': 'application/json' },
        { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
        { 'content-type': 'application/x-www-form-urlencoded' },
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/account/api/password',
          headers: { ...headers, cookie: cookieHeader(account.jar) },
          payload:
            headers['content-type'] === 'application/json'
              ? { current_password: account.password, password: 'злой-пароль-123' }
              : 'password=evil-password-123',
        });
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('CSRF_REJECTED');
      }
      const logout = await t.app.inject({
        method: 'POST',
        url: '/v4/auth/logout',
        headers: { origin: 'https://evil.example', cookie: cookieHeader(account.jar) },
      });
      expect(logout.statusCode).toBe(403);
      expect(await counts()).toEqual(before);
      expect((await signIn(t.app, account.phone, account.password)).statusCode).toBe(200);
    });

    it('accepts the site itself, the CSRF header without browser headers, and bearer tokens', async () => {
      const account = await registerByPhone(t.app);
      const patch = (headers: Record<string, string>) =>
        t.app.inject({ method: 'PATCH', url: '/api/user', headers, payload: { name: 'Сараа' } });
      expect((await patch({ origin: ORIGIN, cookie: cookieHeader(account.jar) })).statusCode).toBe(200);
      expect((await patch({ 'sec-fetch-site': 'same-origin', cookie: cookieHeader(account.jar) })).statusCode).toBe(
        200,
      );
      expect((await patch({ cookie: cookieHeader(account.jar) })).statusCode).toBe(403);
      expect(
        (await patch({ cookie: cookieHeader(account.jar), 'x-csrf-token': account.jar[CSRF_COOKIE] ?? '' })).statusCode,
      ).toBe(200);
      expect((await patch({ cookie: cookieHeader(account.jar), 'x-csrf-token': 'forged' })).statusCode).toBe(403);
      expect((await patch({ authorization: `Bearer ${account.token}` })).statusCode).toBe(200);
    });
  });

  describe('one user and another', () => {
    it('never reads or revokes the other one’s devices, nor changes their profile', async () => {
      const alice = await registerByPhone(t.app, { name: 'Alice' });
      const bob = await registerByPhone(t.app, { name: 'Bob' });
      const aliceDevices = await t.app.inject({ url: '/account/api/devices', headers: fromSite(alice.jar) });
      const ids = aliceDevices.json().data.map((d: { id: string }) => d.id);
      expect(ids).toEqual([alice.deviceId]);
      const bobsView = await t.app.inject({ url: '/account/api/devices', headers: fromSite(bob.jar) });
      expect(bobsView.json().data.map((d: { id: string }) => d.id)).toEqual([bob.deviceId]);

      const revoke = await t.app.inject({
        method: 'DELETE',
        url: `/account/api/devices/${alice.deviceId}`,
        headers: fromSite(bob.jar),
      });
      expect(revoke.statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/user', headers: fromSite(alice.jar) })).json().data.name).toBe('Alice');

      const patched = await t.app.inject({
        method: 'PATCH',
        url: '/api/user',
        headers: fromSite(bob.jar),
        payload: { name: 'Bob again' },
      });
      expect(patched.json().data.id).toBe(bob.userId);
      expect((await t.app.inject({ url: '/api/user', headers: fromSite(alice.jar) })).json().data.name).toBe('Alice');
    });

    it('signs a revoked device out at its next request', async () => {
      const account = await registerByPhone(t.app);
      const laptop = cookiesOf(await signIn(t.app, account.phone, account.password));
      const devices = await t.app.inject({ url: '/account/api/devices', headers: fromSite(account.jar) });
      const laptopId = devices.json().data.find((d: { current: boolean }) => !d.current).id;
      expect(devices.json().data.find((d: { current: boolean }) => !d.current).name).toBe('Chrome on Windows');
      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/account/api/devices/${laptopId}`,
        headers: fromSite(account.jar),
      });
      expect(revoked.statusCode).toBe(200);
      const next = await t.app.inject({ url: '/api/user', headers: fromSite(laptop) });
      expect(next.statusCode).toBe(401);
      expect(next.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    });
  });

  describe('bad input', () => {
    it.each([
      ['/v4/auth/otp', { purpose: 'register', phone: '1234567' }, 'phone'],
      ['/v4/auth/otp', { purpose: 'register', phone: '+7 99112233' }, 'phone'],
      ['/v4/auth/otp', { purpose: 'register', email: 'not-an-email' }, 'email'],
      ['/v4/auth/otp', { purpose: 'register' }, 'phone'],
      ['/v4/auth/otp', { purpose: 'register', phone: '99112233', email: 'a@b.mn' }, 'phone'],
      ['/v4/auth/otp', { purpose: 'admin', phone: '99112233' }, 'purpose'],
      ['/v4/auth/otp', { purpose: 'register', phone: '99112233', extra: 1 }, undefined],
      ['/v4/auth/otp:verify', { challenge_id: 'nope', purpose: 'register', code: '123456' }, 'challenge_id'],
      ['/v4/auth/otp:verify', { challenge_id: crypto.randomUUID(), purpose: 'register', code: '12345' }, 'code'],
      ['/v4/auth/login', { login: '', password: 'x' }, 'login'],
      ['/v4/auth/login', { login: 99112233, password: 'x' }, 'login'],
      ['/v4/auth/reset-password', { verification_token: 'x', password: 'long-enough-1' }, 'verification_token'],
    ])('%s %j answers 400 in the envelope and writes nothing', async (url, payload, field) => {
      const before = await counts();
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: fromSite(),
        payload,
        remoteAddress: freshIp(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
      if (field) expect(response.json().error.fields[field]).toMatch(/[А-Яа-яӨөҮү]/);
      expect(await counts()).toEqual(before);
    });

    it('refuses register without Client-Id and Device-UUID', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v4/auth/register',
        headers: fromSite(),
        payload: { verification_token: 'x'.repeat(43), name: 'Test' },
      });
      expect(response.statusCode).toBe(400);
    });

    it('answers malformed JSON with 400 and an oversize body with 413, writing nothing', async () => {
      const before = await counts();
      const broken = await t.app.inject({
        method: 'POST',
        url: '/v4/auth/otp',
        headers: { ...fromSite(), 'content-type': 'application/json' },
        payload: '{"purpose":',
      });
      expect(broken.statusCode).toBe(400);
      const huge = await t.app.inject({
        method: 'POST',
        url: '/v4/auth/login',
        headers: { ...fromSite(), 'content-type': 'application/json' },
        payload: JSON.stringify({ login: '99112233', password: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(await counts()).toEqual(before);
    });

    it('answers 401, not 500, to a visitor and to a made-up token', async () => {
      expect((await t.app.inject({ url: '/api/user' })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ url: '/account/api/devices', headers: { authorization: 'Bearer made-up' } })).statusCode,
      ).toBe(401);
      expect((await t.app.inject({ url: '/api/user', headers: { cookie: `${SESSION_COOKIE}=%%%` } })).statusCode).toBe(
        401,
      );
    });
  });
});
