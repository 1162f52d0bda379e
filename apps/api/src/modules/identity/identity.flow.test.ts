import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@nomsan/contracts/identity';
import {
  cookiesOf,
  createAccountsApp,
  freshIp,
  freshPhone,
  fromSite,
  lastCode,
  outbox,
  registerByPhone,
  signIn,
  type AccountsTestApp,
} from '../../test/accounts';

const MINUTE = 60_000;

describe('accounts: the main flows', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, jar: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, remoteAddress: freshIp(), headers: fromSite(jar, headers), payload });

  it('registers by phone with the code from the outbox, and knows the user by cookie and by bearer token', async () => {
    const account = await registerByPhone(t.app, { name: 'Болд' });
    const byCookie = await t.app.inject({ url: '/api/user?include=likes', headers: fromSite(account.jar) });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json().data).toMatchObject({
      id: account.userId,
      name: 'Болд',
      phone: account.phone,
      phone_verified: true,
      has_password: true,
      likes: [],
    });
    expect(byCookie.headers['cache-control']).toBe('private, no-store');
    const byBearer = await t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${account.token}` } });
    expect(byBearer.json().data.id).toBe(account.userId);
    expect(byBearer.json().data.likes).toBeUndefined();
  });

  it('registers by e-mail, the code delivered over SMTP', async () => {
    const email = `reader-${Date.now()}@example.mn`;
    const sent = await post('/v4/auth/otp', { purpose: 'register', email: ` ${email.toUpperCase()} ` });
    expect(sent.json().data).toMatchObject({ channel: 'email', destination: `r•••@example.mn` });
    await expect.poll(async () => (await outbox(t.app, email)).length).toBe(1);
    const [mail] = await outbox(t.app, email);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Номсан: баталгаажуулах код' });
    expect(mail?.text).toContain(mail?.code ?? 'no code');
    const verified = await post('/v4/auth/otp:verify', {
      challenge_id: sent.json().data.challenge_id,
      purpose: 'register',
      code: mail?.code,
    });
    const registered = await post(
      '/v4/auth/register',
      { verification_token: verified.json().data.verification_token, name: 'Уншигч' },
      {},
      { 'client-id': 'web', 'device-uuid': crypto.randomUUID() },
    );
    expect(registered.statusCode).toBe(200);
    expect(registered.json().data.user).toMatchObject({ email, email_verified: true, has_password: false });
  });

  it('signs in with the password, by phone in any usual spelling', async () => {
    const account = await registerByPhone(t.app);
    const phone = account.phone;
    for (const login of [phone, `+976${phone}`, `${phone.slice(0, 4)}-${phone.slice(4)}`]) {
      const response = await signIn(t.app, login, account.password);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ user: { id: account.userId }, token_type: 'Bearer' });
    }
  });

  it('signs in with a code, without a password', async () => {
    const account = await registerByPhone(t.app);
    t.clock.advance(2 * MINUTE);
    const sent = await post('/v4/auth/otp', { purpose: 'login', phone: account.phone });
    const verified = await post('/v4/auth/otp:verify', {
      challenge_id: sent.json().data.challenge_id,
      purpose: 'login',
      code: await lastCode(t.app, account.phone),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({ status: 'signed_in', session: { user: { id: account.userId } } });
    expect(verified.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(true);
  });

  it('tells the phone, not the asker, that there is no account to sign in to', async () => {
    const phone = freshPhone();
    const sent = await post('/v4/auth/otp', { purpose: 'login', phone });
    expect(sent.statusCode).toBe(200);
    const [message] = await outbox(t.app, phone);
    expect(message).toMatchObject({ code: null, text: expect.stringMatching(/бүртгэл олдсонгүй/) });
  });

  it("changes the account's phone number once the new one is verified, by its owner only", async () => {
    const account = await registerByPhone(t.app);
    const phone = freshPhone();
    const sent = await post('/v4/auth/otp', { purpose: 'verify_phone', phone }, account.jar);
    // The same code is useless to anyone else, signed in or not.
    const stranger = await registerByPhone(t.app);
    const body = {
      challenge_id: sent.json().data.challenge_id,
      purpose: 'verify_phone',
      code: await lastCode(t.app, phone),
    };
    expect((await post('/v4/auth/otp:verify', body, stranger.jar)).statusCode).toBe(422);
    expect((await post('/v4/auth/otp:verify', body)).statusCode).toBe(401);
    const updated = await post('/v4/auth/otp:verify', body, account.jar);
    expect(updated.json().data).toMatchObject({ status: 'updated', user: { id: account.userId, phone } });
  });

  it('updates the profile; a new e-mail is added only with the code sent to it', async () => {
    const account = await registerByPhone(t.app);
    const patch = (payload: object, jar = account.jar) =>
      t.app.inject({ method: 'PATCH', url: '/api/user', headers: fromSite(jar), payload });
    const updated = await patch({ name: 'Номин', cover_url: 'https://cdn.example.mn/a.jpg' });
    expect(updated.json().data).toMatchObject({
      name: 'Номин',
      email: null,
      cover_url: 'https://cdn.example.mn/a.jpg',
    });

    // Typed into the profile, an address is not taken: it has to come back with its code.
    const typed = await patch({ email: 'Nomin@Example.mn' });
    expect(typed.statusCode).toBe(422);
    expect(typed.json().error.fields).toHaveProperty('email');
    const address = `nomin-${account.userId}@example.mn`;
    const sent = await post('/v4/auth/otp', { purpose: 'verify_email', email: address }, account.jar);
    expect(sent.statusCode).toBe(200);
    const added = await post(
      '/v4/auth/otp:verify',
      { challenge_id: sent.json().data.challenge_id, purpose: 'verify_email', code: await lastCode(t.app, address) },
      account.jar,
    );
    expect(added.json().data).toMatchObject({ status: 'updated', user: { email: address, email_verified: true } });

    // Another member asking for the same address gets the same answer; only the inbox learns
    // it is taken, and no code exists that would move it.
    const other = await registerByPhone(t.app);
    t.clock.advance(2 * MINUTE);
    const claim = await post('/v4/auth/otp', { purpose: 'verify_email', email: address }, other.jar);
    expect(claim.statusCode).toBe(200);
    expect(Object.keys(claim.json().data).sort()).toEqual(Object.keys(sent.json().data).sort());
    const [notice] = await outbox(t.app, address);
    expect(notice?.code).toBeNull();
    expect((await patch({ email: address }, other.jar)).statusCode).toBe(422);

    // Removing the address is fine while the phone remains.
    expect((await patch({ email: null })).json().data).toMatchObject({ email: null, email_verified: false });
    expect((await patch({ cover_url: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await patch({ name: 'x'.repeat(81) })).statusCode).toBe(400);
  });

  it('lists devices with their names and signs this one out', async () => {
    const account = await registerByPhone(t.app);
    const devices = await t.app.inject({ url: '/account/api/devices', headers: fromSite(account.jar) });
    expect(devices.json().data).toEqual([
      expect.objectContaining({ id: account.deviceId, name: 'Chrome on Windows', app_version: '1.0.2', current: true }),
    ]);
    const out = await post('/v4/auth/logout', {}, account.jar);
    expect(out.statusCode).toBe(200);
    expect(cookiesOf(out, account.jar)[SESSION_COOKIE]).toBeUndefined();
    expect((await t.app.inject({ url: '/api/user', headers: fromSite(account.jar) })).statusCode).toBe(401);
  });

  it('shows the outbox to developers as a page', async () => {
    await registerByPhone(t.app);
    const page = await t.app.inject({ url: '/dev/outbox' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Sandbox outbox');
    expect(page.body).toMatch(/code <code>\d{6}<\/code>/);
  });
});
