import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import { mn } from '@nomsan/contracts/messages';
import { purchaseResponse } from '@nomsan/contracts/money';
import { createAccountsApp, registerByPhone, type AccountsTestApp, type Registered } from '../../test/accounts';

/**
 * The money invariants of credit unlocks and idempotent purchases, on PGlite and (in CI) on
 * PostgreSQL, with real concurrency: requests in flight together, not one after another.
 */
describe('checkout: credits, unlocks and idempotency', () => {
  let t: AccountsTestApp;
  let books: { id: number; format: 'audiobook' | 'ebook'; credits: number }[];
  beforeAll(async () => {
    t = await createAccountsApp();
    const { rows } = await t.db.db.execute<{ id: number; format: 'audiobook' | 'ebook'; credits: number }>(sql`
      select distinct on (item_id) item_id as id, format, credit_price as credits from commerce_offer
      where item_type = 'book' and active and credit_price is not null and format in ('audiobook', 'ebook')
      order by item_id, format limit 40`);
    books = rows;
  });
  afterAll(() => t.close());

  const services = () => t.app.modules!.services;
  const root = () => t.app.modules!.kernel.root;
  const give = (userId: number, credits: number, key = crypto.randomUUID()) =>
    services().credits.add(root(), { userId, credits, kind: 'bonus', description: 'test', entryKey: key });
  const buy = (member: Registered, bookId: number, body: object, key: string = crypto.randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: `/v6/purchase/book/${bookId}`,
      headers: { authorization: `Bearer ${member.token}`, 'idempotency-key': key },
      payload: body,
    });
  const count = async (table: string, userId: number) => {
    const { rows } = await t.db.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`,
    );
    return Number(rows[0]!.n);
  };

  it('takes 1 000 concurrent spends against a balance of 10: exactly 10 succeed, and the ledger sums to the balance', async () => {
    const member = await registerByPhone(t.app);
    await give(member.userId, 10);
    const results = await Promise.allSettled(
      Array.from({ length: 1000 }, (_, i) =>
        services().credits.spend(root(), {
          userId: member.userId,
          credits: 1,
          kind: 'unlock',
          description: `spend ${i}`,
          entryKey: `test-spend:${member.userId}:${i}`,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refusals).toHaveLength(990);
    expect(refusals.every((r) => (r.reason as { statusCode?: number }).statusCode === 422)).toBe(true);
    expect(await services().credits.balance(root(), member.userId)).toBe(0);
    expect(await services().credits.ledgerSum(root(), member.userId)).toBe(0);
    expect(await count('credits_ledger', member.userId)).toBe(11);
  });

  it('unlocks books with credits concurrently: as many as the balance pays for, each granted, the rest refused with nothing written', async () => {
    const member = await registerByPhone(t.app);
    const affordable = books.slice(0, 3).reduce((sum, b) => sum + b.credits, 0);
    await give(member.userId, affordable);
    const answers = await Promise.all(books.map((b) => buy(member, b.id, { format: b.format, method: 'credits' })));
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 422);
    expect(ok.length + refused.length).toBe(books.length);
    expect(ok.length).toBeGreaterThanOrEqual(3);
    expect(refused[0]?.json().error.message).toMatch(/^Кредит хүрэлцэхгүй байна/);
    const spent = ok.reduce((sum, a) => sum + purchaseResponse.parse(a.json()).data.invoice.amount_credits, 0);
    expect(await services().credits.balance(root(), member.userId)).toBe(affordable - spent);
    expect(await services().credits.ledgerSum(root(), member.userId)).toBe(affordable - spent);
    // one invoice, one payment and one grant per unlock; nothing for a refused one
    expect(await count('billing_invoice', member.userId)).toBe(ok.length);
    expect(await count('billing_payment', member.userId)).toBe(ok.length);
    expect(await count('entitlements_grant', member.userId)).toBe(ok.length);
    for (const answer of ok) {
      const { invoice, payment } = purchaseResponse.parse(answer.json()).data;
      expect(invoice.status).toBe('paid');
      expect(payment).toMatchObject({ rail: 'credits', status: 'paid', next_action: null });
      const line = invoice.lines[0]!;
      const access = await services().entitlements.canAccess(
        root(),
        member.userId,
        { type: 'book', id: line.item_id },
        line.format as 'audiobook' | 'ebook',
      );
      expect(access).toEqual({ allowed: true, reason: 'credit_unlock', until: null });
    }
  });

  it('refuses to sell what the member holds (409), and lists what was unlocked', async () => {
    const member = await registerByPhone(t.app);
    const book = books[0]!;
    await give(member.userId, book.credits * 2);
    expect((await buy(member, book.id, { format: book.format, method: 'credits' })).statusCode).toBe(200);
    const again = await buy(member, book.id, { format: book.format, method: 'credits' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(mn.money.alreadyOwned);
    expect(await services().credits.balance(root(), member.userId)).toBe(book.credits);
    const unlocks = await t.app.inject({
      url: '/v4/account/books/credit-unlocks',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(unlocks.json().data).toMatchObject({ total: 1, data: [{ item_id: book.id, reason: 'credit_unlock' }] });
    const accountUnlocks = await t.app.inject({
      url: '/account/api/unlocks',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(accountUnlocks.json()).toEqual(unlocks.json());
    const history = await t.app.inject({
      url: '/v4/account/credit-transactions',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(history.json().data.data.map((e: { delta: number }) => e.delta)).toEqual([-book.credits, book.credits * 2]);
    const summary = await t.app.inject({
      url: '/v5/users/credit/summary',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(summary.json()).toEqual({ data: { balance: book.credits } });
  });

  it('answers the same purchase sent twice with one key (also at once) with one invoice and the same answer; another body with that key is refused', async () => {
    const member = await registerByPhone(t.app);
    const [a, b] = books;
    await give(member.userId, a!.credits + b!.credits);
    const key = crypto.randomUUID();
    const body = { format: a!.format, method: 'credits' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => buy(member, a!.id, body, key)));
    const later = await buy(member, a!.id, body, key);
    expect([...answers, later].map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set([...answers, later].map((r) => r.body)).size).toBe(1);
    expect(await count('billing_invoice', member.userId)).toBe(1);
    const other = await buy(member, b!.id, { format: b!.format, method: 'credits' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.message).toBe(mn.money.idempotencyKeyReused);
    expect(await count('billing_invoice', member.userId)).toBe(1);
  });

  it('needs an Idempotency-Key and a session; a refused request writes nothing', async () => {
    const member = await registerByPhone(t.app);
    const book = books[0]!;
    const noKey = await t.app.inject({
      method: 'POST',
      url: `/v6/purchase/book/${book.id}`,
      headers: { authorization: `Bearer ${member.token}` },
      payload: { format: book.format, method: 'credits' },
    });
    expect(noKey.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/v6/purchase/book/${book.id}`,
      headers: { 'idempotency-key': crypto.randomUUID() },
      payload: { format: book.format, method: 'credits' },
    });
    expect(anonymous.statusCode).toBe(401);
    const broke = await buy(member, book.id, { format: book.format, method: 'credits' });
    expect(broke.statusCode).toBe(422);
    expect(broke.json().error.message).toBe(mn.money.insufficientCredits(0, book.credits));
    const noRail = await buy(member, book.id, { format: book.format, method: 'mnt', rail: 'hipay' });
    expect(noRail.statusCode).toBe(422);
    for (const table of [
      'billing_invoice',
      'billing_payment',
      'credits_ledger',
      'entitlements_grant',
      'checkout_request',
    ]) {
      expect(await count(table, member.userId), table).toBe(0);
    }
  });

  it('lists what credits unlock, as cards with their credit price, a page at a time', async () => {
    const first = await t.app.inject('/v5/credit/rentables?page[size]=5');
    expect(first.statusCode).toBe(200);
    const page = first.json().data as {
      data: { id: number; availability: { credit_price: number | null } }[];
      total: number;
    };
    expect(page.data).toHaveLength(5);
    expect(page.total).toBeGreaterThanOrEqual(books.length);
    expect(page.data.every((card) => card.availability.credit_price !== null)).toBe(true);
    const second = (await t.app.inject('/v5/credit/rentables?page[size]=5&page=2')).json().data as typeof page;
    expect(second.data.map((c) => c.id).some((id) => page.data.some((c) => c.id === id))).toBe(false);
    expect((await t.app.inject('/v5/credit/rentables?page=0')).statusCode).toBe(400);
  });

  it("keeps one member's invoices and payments from another (404)", async () => {
    const [owner, other] = [await registerByPhone(t.app), await registerByPhone(t.app)];
    const book = books[1]!;
    await give(owner.userId, book.credits);
    const { invoice, payment } = purchaseResponse.parse(
      (await buy(owner, book.id, { format: book.format, method: 'credits' })).json(),
    ).data;
    const as = (member: Registered, url: string) =>
      t.app.inject({ url, headers: { authorization: `Bearer ${member.token}` } });
    expect((await as(owner, `/v4/billing/invoices/${invoice.id}`)).statusCode).toBe(200);
    expect((await as(other, `/v4/billing/invoices/${invoice.id}`)).statusCode).toBe(404);
    expect((await as(owner, `/v4/billing/payments/${payment!.id}`)).statusCode).toBe(200);
    expect((await as(other, `/v4/billing/payments/${payment!.id}`)).statusCode).toBe(404);
    expect((await as(other, '/account/api/invoices')).json().data.total).toBe(0);
    expect((await as(owner, '/account/api/invoices')).json().data.total).toBe(1);
  });
});
