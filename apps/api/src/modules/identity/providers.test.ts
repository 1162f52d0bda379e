import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthProvidersResponse } from '@nomsan/contracts/identity';
import { createTestApp, type TestApp } from '../../test/app';
import { createAccountsApp, type AccountsTestApp } from '../../test/accounts';

describe('the offered sign-in providers', () => {
  let sandboxed: AccountsTestApp;
  let bare: TestApp;
  beforeAll(async () => {
    [sandboxed, bare] = await Promise.all([createAccountsApp(), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([sandboxed.close(), bare.close()]);
  });

  const offered = async (t: TestApp) =>
    oauthProvidersResponse.parse((await t.app.inject('/api/oauth/providers')).json()).data;

  it('lists every provider the sandbox stands in for', async () => {
    expect(await offered(sandboxed)).toEqual(['google', 'facebook', 'toki']);
  });

  it('lists none when none is configured, and their start links are 404', async () => {
    expect(await offered(bare)).toEqual([]);
    expect((await bare.app.inject('/api/oauth/google/start?intent=login&prev=/')).statusCode).toBe(404);
  });
});
