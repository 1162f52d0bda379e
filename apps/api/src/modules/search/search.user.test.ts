import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { sql } from '@nomsan/db/orm';
import { createAccountsApp, registerByPhone, type AccountsTestApp } from '../../test/accounts';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsApp();
});
afterAll(() => t.close());

const loggedUsers = async (query: string) =>
  (
    await t.db.db.execute<{ user_id: number | null }>(
      sql`select user_id from search_query_log where query = ${query} order by id`,
    )
  ).rows.map((r) => r.user_id);

it("records a signed-in reader's searches as theirs, and a visitor's as anonymous", async () => {
  const reader = await registerByPhone(t.app);
  const signedIn = await t.app.inject({
    url: '/v5/discovery/search?q=zebra+reader',
    headers: { authorization: `Bearer ${reader.token}` },
  });
  expect(signedIn.statusCode).toBe(200);
  expect(signedIn.headers['cache-control']).toBe('private, no-store');
  expect((await t.app.inject('/v5/discovery/search?q=zebra+reader')).statusCode).toBe(200);
  await vi.waitFor(async () => expect(await loggedUsers('zebra reader')).toEqual([reader.userId, null]), {
    timeout: 5000,
  });
});
