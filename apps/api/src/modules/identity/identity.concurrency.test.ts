import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import { createAccountsApp, freshIp, freshPhone, fromSite, lastCode, type AccountsTestApp } from '../../test/accounts';

const MINUTE = 60_000;

describe('accounts under concurrent requests', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, remoteAddress: freshIp(), headers: { ...fromSite(), ...headers }, payload });

  async function verifiedToken(phone: string): Promise<string> {
    const sent = await post('/v4/auth/otp', { purpose: 'register', phone });
    const verified = await post('/v4/auth/otp:verify', {
      challenge_id: sent.json().data.challenge_id,
      purpose: 'register',
      code: await lastCode(t.app, phone),
    });
    return verified.json().data.verification_token;
  }

  const register = (token: string) =>
    post(
      '/v4/auth/register',
      { verification_token: token, name: 'Зэрэг', password: 'зэрэгцээ-нууц-1' },
      { 'client-id': 'web', 'device-uuid': crypto.randomUUID() },
    );

  it('lets exactly one of two verifications of the same code succeed', async () => {
    const phone = freshPhone();
    const sent = await post('/v4/auth/otp', { purpose: 'register', phone });
    const body = {
      challenge_id: sent.json().data.challenge_id,
      purpose: 'register',
      code: await lastCode(t.app, phone),
    };
    const results = await Promise.all([post('/v4/auth/otp:verify', body), post('/v4/auth/otp:verify', body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('uses a verification token once, however many registrations race with it', async () => {
    const token = await verifiedToken(freshPhone());
    const results = await Promise.all([register(token), register(token), register(token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
  });

  it('makes one account of parallel registrations of the same phone', async () => {
    const phone = freshPhone();
    const first = await verifiedToken(phone);
    t.clock.advance(MINUTE + 1000);
    const second = await verifiedToken(phone);
    const results = await Promise.all([register(first), register(second)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const conflict = results.find((r) => r.statusCode === 409);
    expect(conflict?.json().error.code).toBe('CONFLICT');
    const users = await t.db.db.execute(sql`select count(*)::int as n from identity_user where phone = ${phone}`);
    expect((users.rows[0] as { n: number }).n).toBe(1);
  });

  it('keeps one session per device when it signs in twice at once', async () => {
    const phone = freshPhone();
    const registered = await register(await verifiedToken(phone));
    const userId = registered.json().data.user.id;
    const device = crypto.randomUUID();
    const signIn = () =>
      post('/v4/auth/login', { login: phone, password: 'зэрэгцээ-нууц-1' }, { 'device-uuid': device });
    const results = await Promise.all([signIn(), signIn()]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const live = await t.db.db.execute(
      sql`select count(*)::int as n from identity_session where user_id = ${userId} and device_uuid = ${device} and revoked_at is null`,
    );
    expect((live.rows[0] as { n: number }).n).toBe(1);
  });

  it('forgets, in the daily housekeeping, codes and sessions that ended a month ago', async () => {
    const phone = freshPhone();
    const registered = await register(await verifiedToken(phone));
    const userId = registered.json().data.user.id;
    const count = async () =>
      (
        (await t.db.db.execute(sql`select count(*)::int as n from identity_otp_challenge where destination = ${phone}`))
          .rows[0] as { n: number }
      ).n;
    expect(await count()).toBe(1);
    const { services, kernel } = t.app.modules!;
    await services.identity.users.prune(kernel.root, new Date(t.clock.now().getTime() + 10 * 24 * 3600_000));
    expect(await count()).toBe(1);
    await services.identity.users.prune(kernel.root, new Date(t.clock.now().getTime() + 31 * 24 * 3600_000));
    expect(await count()).toBe(0);
    // The live session is kept; only ended ones go.
    const sessions = await t.db.db.execute(
      sql`select count(*)::int as n from identity_session where user_id = ${userId}`,
    );
    expect((sessions.rows[0] as { n: number }).n).toBe(1);
  });
});
