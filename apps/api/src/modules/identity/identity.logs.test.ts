import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@nomsan/contracts/identity';
import { logOptions } from '../../log-options';
import {
  createAccountsApp,
  fromSite,
  lastCode,
  registerByPhone,
  signIn,
  type AccountsTestApp,
} from '../../test/accounts';

describe('what the logs never hold', () => {
  let t: AccountsTestApp;
  let output = '';
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        output += String(chunk);
        done();
      },
    });
    t = await createAccountsApp({ logger: pino({ level: 'trace', ...logOptions }, sink) });
  });
  afterAll(() => t.close());

  it('has no password, code, token, cookie or verification token in any line', async () => {
    const secrets: string[] = [];
    const account = await registerByPhone(t.app, { password: 'нууц-үг-логт-байхгүй' });
    secrets.push(
      account.password,
      account.token,
      account.jar[SESSION_COOKIE] ?? '',
      await lastCode(t.app, account.phone),
    );

    const login = await signIn(t.app, account.phone, account.password);
    secrets.push(login.json().data.access_token);
    const wrong = await signIn(t.app, account.phone, 'буруу-нууц-үг-123');
    expect(wrong.statusCode).toBe(401);
    secrets.push('буруу-нууц-үг-123');

    await t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${account.token}` } });
    await t.app.inject({
      method: 'POST',
      url: '/account/api/password',
      headers: fromSite(account.jar),
      payload: { current_password: account.password, password: 'дараагийн-нууц-үг-5' },
    });
    secrets.push('дараагийн-нууц-үг-5');

    // A provider's callback URL carries the authorization code.
    await t.app.inject({ url: '/auth/google/callback?code=authorization-code-xyz&state=state-abc' });
    await t.app.inject({
      method: 'POST',
      url: '/api/oauth-login/v3',
      headers: fromSite(),
      payload: { provider: 'google', code: 'authorization-code-xyz', state: 'state-abc' },
    });
    secrets.push('authorization-code-xyz', 'state-abc');

    expect(output).toContain('"reqId"');
    expect(output).toContain('/auth/google/callback?code=[redacted]&state=[redacted]');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      expect(output).not.toContain(secret);
    }
  });
});
