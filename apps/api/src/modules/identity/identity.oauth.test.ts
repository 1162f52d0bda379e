import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  cookieHeader,
  cookiesOf,
  createAccountsApp,
  fromSite,
  registerByPhone,
  type AccountsTestApp,
} from '../../test/accounts';

type Jar = Record<string, string>;

describe('social sign-in through the sandbox issuers', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(() => t.close());

  const pathOf = (location: string) => {
    const url = new URL(location, 'http://localhost:3000');
    return `${url.pathname}${url.search}`;
  };
  const browse = async (url: string, jar: Jar, init: { method?: 'GET' | 'POST'; form?: string } = {}) => {
    const response: LightMyRequestResponse = await t.app.inject({
      method: init.method ?? 'GET',
      url: pathOf(url),
      headers: {
        host: 'localhost:3000',
        ...fromSite(jar),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(init.form ? { payload: init.form } : {}),
    });
    return { response, jar: cookiesOf(response, jar) };
  };

  /** Follows the browser through the provider's pages until it lands on our callback page. */
  async function signInAtProvider(
    provider: 'google' | 'facebook' | 'toki',
    email: string,
    options: { jar?: Jar; intent?: 'login' | 'link'; prev?: string } = {},
  ): Promise<{ callback: URL; jar: Jar }> {
    const query = new URLSearchParams({ intent: options.intent ?? 'login', prev: options.prev ?? '/' });
    let { response, jar } = await browse(`/api/oauth/${provider}/start?${query}`, options.jar ?? {});
    expect(response.statusCode).toBe(302);
    for (let hop = 0; hop < 10; hop += 1) {
      const location = response.headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string') {
        const target = new URL(location, 'http://localhost:3000');
        if (!target.pathname.startsWith('/sandbox/')) return { callback: target, jar };
        ({ response, jar } = await browse(location, jar));
        continue;
      }
      expect(response.statusCode).toBe(200);
      // The account picker: post its form with the chosen e-mail.
      const form = /<form method="post" action="([^"]+)">((?:<input type="hidden"[^>]*>)*)/.exec(response.body);
      if (!form?.[1]) throw new Error(`no form on ${response.body.slice(0, 200)}`);
      const fields = new URLSearchParams();
      for (const [, name, value] of (form[2] ?? '').matchAll(/name="([^"]+)" value="([^"]*)"/g)) {
        if (name !== 'email') fields.set(name ?? '', (value ?? '').replaceAll('&amp;', '&'));
      }
      fields.set('email', email);
      ({ response, jar } = await browse(form[1].replaceAll('&amp;', '&'), jar, {
        method: 'POST',
        form: fields.toString(),
      }));
    }
    throw new Error('too many redirects');
  }

  const finish = (callback: URL, jar: Jar, provider: string, url = '/api/oauth-login/v3') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: fromSite(jar),
      payload: {
        provider,
        code: callback.searchParams.get('code'),
        state: callback.searchParams.get('state'),
        ...(callback.searchParams.get('iss') ? { iss: callback.searchParams.get('iss') } : {}),
      },
    });

  it('signs in with Google over OpenID Connect, the whole redirect flow, back to the page it started from', async () => {
    const { callback, jar } = await signInAtProvider('google', 'bat@example.mn', { prev: '/book/1' });
    expect(callback.pathname).toBe('/auth/google/callback');
    expect(callback.searchParams.get('iss')).toBe('http://localhost:3000/sandbox/oidc/google');
    const response = await finish(callback, jar, 'google');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      prev: '/book/1',
      created: true,
      user: { name: 'Бат-Эрдэнэ', email: 'bat@example.mn', email_verified: true },
    });
    const signedIn = cookiesOf(response, jar);
    const me = await t.app.inject({ url: '/api/user', headers: fromSite(signedIn) });
    expect(me.json().data.email).toBe('bat@example.mn');

    // The same person again: the same account.
    const again = await signInAtProvider('google', 'bat@example.mn');
    const second = await finish(again.callback, again.jar, 'google');
    expect(second.json().data).toMatchObject({ created: false, user: { id: response.json().data.user.id } });
  });

  it('signs in with Facebook and Toki over OAuth 2', async () => {
    for (const provider of ['facebook', 'toki'] as const) {
      const { callback, jar } = await signInAtProvider(provider, `${provider}-user@example.mn`);
      expect(callback.pathname).toBe(provider === 'toki' ? '/toki/callback' : '/auth/facebook/callback');
      const response = await finish(callback, jar, provider);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.created).toBe(true);
    }
  });

  it('joins two providers that both vouch for the same e-mail into one account', async () => {
    const google = await signInAtProvider('google', 'saraa@example.mn');
    const first = (await finish(google.callback, google.jar, 'google')).json().data;
    const facebook = await signInAtProvider('facebook', 'saraa@example.mn');
    const second = (await finish(facebook.callback, facebook.jar, 'facebook')).json().data;
    expect(second.user.id).toBe(first.user.id);
    expect(second.created).toBe(false);
  });

  it('refuses a callback whose state does not match, one without the start cookie, and a replayed code', async () => {
    const { callback, jar } = await signInAtProvider('google', 'mallory@example.mn');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state');
    expect((await finish(forged, jar, 'google')).statusCode).toBe(400);
    const again = await signInAtProvider('google', 'mallory@example.mn');
    expect((await finish(again.callback, {}, 'google')).statusCode).toBe(400);
    const ok = await finish(again.callback, again.jar, 'google');
    expect(ok.statusCode).toBe(200);
    const replay = await finish(again.callback, again.jar, 'google');
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toMatch(/Нэвтрэлт амжилтгүй/);
  });

  it('links a provider to the signed-in account, lists it, and unlinks it', async () => {
    const account = await registerByPhone(t.app);
    const { callback, jar } = await signInAtProvider('toki', 'linked@example.mn', { jar: account.jar, intent: 'link' });
    const linked = await finish(callback, jar, 'toki', '/api/user/v3/social-accounts');
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data.find((a: { provider: string }) => a.provider === 'toki')).toMatchObject({
      linked: true,
      enabled: true,
      label: 'linked@example.mn',
    });
    // Signing in with it now opens the same account.
    const login = await signInAtProvider('toki', 'linked@example.mn');
    expect((await finish(login.callback, login.jar, 'toki')).json().data.user.id).toBe(account.userId);

    const unlinked = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/v3/social-accounts/toki',
      headers: fromSite(account.jar),
    });
    expect(unlinked.json().data.find((a: { provider: string }) => a.provider === 'toki').linked).toBe(false);
  });

  it('will not link a provider account that belongs to someone else', async () => {
    const owner = await signInAtProvider('facebook', 'owner@example.mn');
    expect((await finish(owner.callback, owner.jar, 'facebook')).statusCode).toBe(200);
    const other = await registerByPhone(t.app);
    const { callback, jar } = await signInAtProvider('facebook', 'owner@example.mn', {
      jar: other.jar,
      intent: 'link',
    });
    const response = await finish(callback, jar, 'facebook', '/api/user/v3/social-accounts');
    expect(response.statusCode).toBe(409);
  });

  it('will not unlink the last way to sign in', async () => {
    const { callback, jar } = await signInAtProvider('toki', `only-way-${Date.now()}@example.mn`);
    const signedIn = cookiesOf(await finish(callback, jar, 'toki'), jar);
    // Toki's e-mail is not trusted, so the account has no e-mail, phone or password.
    const me = await t.app.inject({ url: '/api/user', headers: fromSite(signedIn) });
    expect(me.json().data).toMatchObject({ email: null, phone: null, has_password: false });
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/v3/social-accounts/toki',
      headers: { origin: 'http://localhost:3000', cookie: cookieHeader(signedIn) },
    });
    expect(response.statusCode).toBe(422);
  });

  it('answers 404 for a provider that is not configured', async () => {
    const bare = await createAccountsApp({ accounts: { sandbox: false } });
    try {
      const response = await bare.app.inject({ url: '/api/oauth/google/start' });
      expect(response.statusCode).toBe(404);
      expect((await bare.app.inject({ url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
