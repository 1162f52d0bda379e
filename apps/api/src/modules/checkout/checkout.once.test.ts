import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from '@nomsan/db/orm';
import { mn } from '@nomsan/contracts/messages';
import { purchaseResponse, refundsResponse } from '@nomsan/contracts/money';
import { plansResponse, type Plan } from '@nomsan/contracts/subscriptions';
import { MINUTE_MS } from '../../lib/clock';
import { runQueuedJobs } from '../../test/jobs';
import { keptStaff } from '../../test/staff';
import { payByQpay, saveCardAtGolomt } from '../../test/payments';
import {
  asMember,
  createAccountsApp,
  lastCode,
  registerByPhone,
  type AccountsTestApp,
  type Registered,
} from '../../test/accounts';

/** requests sent at once, each with its own Idempotency-Key (a double tap, a retry, a script) */
const AT_ONCE = 30;

/**
 * A member pays at most once for what they hold or have pending, whatever arrives at once:
 * requests with different keys for one title, rental or subscription bill once (the others
 * answer the same bill, or 409); two bills of one title paid at the bank grant once and the
 * second capture is refunded by the refund steps, the member told. On PGlite and PostgreSQL.
 */
describe('checkout: paid once', () => {
  let t: AccountsTestApp;
  let books: { id: number; format: 'audiobook' | 'ebook'; credits: number; price: number }[];
  let rentable: { id: number; format: 'audiobook' | 'ebook' };
  let plans: Plan[];
  beforeAll(async () => {
    t = await createAccountsApp({ payments: { sandbox: true } });
    const { rows } = await t.db.db.execute<{
      id: number;
      format: 'audiobook' | 'ebook';
      credits: number;
      price: number;
    }>(sql`
      select distinct on (item_id) item_id as id, format, credit_price as credits, price_mnt as price from commerce_offer
      where item_type = 'book' and active and credit_price is not null and price_mnt > 0 and format in ('audiobook', 'ebook')
      order by item_id, format limit 20`);
    books = rows;
    const rentables = await t.db.db.execute<{ id: number; format: 'audiobook' | 'ebook' }>(sql`
      select item_id as id, format from commerce_offer
      where item_type = 'book' and active and rental_days is not null and credit_price is not null order by item_id limit 1`);
    rentable = rentables.rows[0]!;
    plans = plansResponse.parse((await t.app.inject('/v6/subscription/plans?platform=local')).json()).data;
    expect(books.length).toBeGreaterThanOrEqual(10);
    expect(rentable).toBeDefined();
  });
  afterAll(() => t.close());

  const services = () => t.app.modules!.services;
  const root = () => t.app.modules!.kernel.root;
  const as = asMember;
  const post = (member: Registered, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: as(member), payload });
  const atOnce = (send: () => ReturnType<typeof post>) => Promise.all(Array.from({ length: AT_ONCE }, send));
  const count = async (query: SQL) => Number((await t.db.db.execute<{ n: number }>(query)).rows[0]!.n);
  /** captures the member's rails took for sales (card checks aside) */
  const captures = (userId: number) =>
    count(sql`select count(*)::int as n from billing_payment p
      where p.user_id = ${userId} and p.provider_transaction_id is not null and p.rail <> 'credits'
      and not exists (select 1 from billing_invoice_line l where l.invoice_id = p.invoice_id and l.item_type = 'card_check')`);
  const grants = (userId: number, itemId: number) =>
    count(sql`select count(*)::int as n from entitlements_grant
      where user_id = ${userId} and item_id = ${itemId} and revoked_at is null`);
  const invoices = (userId: number) =>
    count(sql`select count(*)::int as n from billing_invoice i where user_id = ${userId}
      and not exists (select 1 from billing_invoice_line l where l.invoice_id = i.id and l.item_type = 'card_check')`);
  const give = (userId: number, credits: number) =>
    services().credits.add(root(), {
      userId,
      credits,
      kind: 'bonus',
      description: 'test',
      entryKey: crypto.randomUUID(),
    });
  const statuses = (answers: { statusCode: number }[]) => [...new Set(answers.map((a) => a.statusCode))].sort();

  /** saves a test card through Golomt's page (a 100₮ check, given back) and answers its id */
  const saveCard = (member: Registered, cardNumber?: string) => saveCardAtGolomt(t.app, member, cardNumber);

  it('charges a saved card once for a title bought in one tap 30 times at once', async () => {
    const member = await registerByPhone(t.app);
    const card = await saveCard(member);
    const book = books[0]!;
    const answers = await atOnce(() =>
      post(member, `/v6/purchase/book/${book.id}`, {
        format: book.format,
        method: 'mnt',
        rail: 'golomt',
        card_id: card,
      }),
    );
    expect(
      statuses(answers).every((s) => s === 200 || s === 409),
      answers[0]!.body,
    ).toBe(true);
    const ok = answers.filter((a) => a.statusCode === 200).map((a) => purchaseResponse.parse(a.json()).data);
    expect(new Set(ok.map((a) => a.invoice.id)).size).toBe(1);
    expect(await captures(member.userId)).toBe(1);
    expect(await invoices(member.userId)).toBe(1);
    expect(await grants(member.userId, book.id)).toBe(1);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json().error.message).toBe(mn.money.alreadyOwned);
    }
  });

  it('makes one QPay bill for a title asked 30 times at once: every answer is the same QR', async () => {
    const member = await registerByPhone(t.app);
    const book = books[1]!;
    const answers = await atOnce(() =>
      post(member, `/v6/purchase/book/${book.id}`, { format: book.format, method: 'mnt', rail: 'qpay' }),
    );
    expect(statuses(answers)).toEqual([200]);
    const started = answers.map((a) => purchaseResponse.parse(a.json()).data);
    expect(new Set(started.map((a) => a.invoice.id)).size).toBe(1);
    expect(new Set(started.map((a) => a.payment!.id)).size).toBe(1);
    expect(await invoices(member.userId)).toBe(1);
    await payByQpay(t.app, started[0]!);
    await expect.poll(() => grants(member.userId, book.id)).toBe(1);
    expect(await captures(member.userId)).toBe(1);
  });

  it('unlocks a title with credits once when asked 30 times at once', async () => {
    const member = await registerByPhone(t.app);
    const book = books[2]!;
    await give(member.userId, book.credits * 10);
    const answers = await atOnce(() =>
      post(member, `/v6/purchase/book/${book.id}`, { format: book.format, method: 'credits' }),
    );
    expect(statuses(answers)).toEqual([200, 409]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(await grants(member.userId, book.id)).toBe(1);
    expect(await services().credits.balance(root(), member.userId)).toBe(book.credits * 9);
    expect(await services().credits.ledgerSum(root(), member.userId)).toBe(book.credits * 9);
  });

  it('rents a title once with credits when asked 30 times at once', async () => {
    const member = await registerByPhone(t.app);
    await give(member.userId, 100);
    const answers = await atOnce(() =>
      post(member, `/v5/books/${rentable.id}/rent`, { format: rentable.format, method: 'credits' }),
    );
    expect(
      answers.filter((a) => a.statusCode === 200),
      answers[0]!.body,
    ).toHaveLength(1);
    expect(statuses(answers)).toEqual([200, 409]);
    expect(await grants(member.userId, rentable.id)).toBe(1);
    expect(
      await count(sql`select count(*)::int as n from credits_ledger where user_id = ${member.userId} and delta < 0`),
    ).toBe(1);
  });

  it('opens one subscription when 30 QPay subscriptions to one plan are asked at once, all paid at the bank', async () => {
    const member = await registerByPhone(t.app);
    const plan = plans.find((p) => p.scope === 'audio')!;
    const answers = await atOnce(() => post(member, '/v4/billing/subscriptions', { plan_id: plan.id, rail: 'qpay' }));
    expect(statuses(answers)).toEqual([200]);
    const started = answers.map((a) => a.json().data as { subscription_id: string; invoice: { id: string } });
    expect(new Set(started.map((a) => a.subscription_id)).size).toBe(1);
    expect(new Set(started.map((a) => a.invoice.id)).size).toBe(1);
    // every answer's QR paid at the bank: the one bill is paid once
    await Promise.allSettled(answers.map((a) => payByQpay(t.app, a.json().data)));
    await runQueuedJobs(t.app);
    expect(
      await count(
        sql`select count(*)::int as n from billing_subscription where user_id = ${member.userId} and status = 'active'`,
      ),
    ).toBe(1);
    expect(await captures(member.userId)).toBe(1);
  });

  it('charges a saved card once for a subscription taken in one tap 30 times at once, and renews it on that card', async () => {
    const member = await registerByPhone(t.app);
    const card = await saveCard(member);
    const plan = plans.find((p) => p.scope === 'ebook')!;
    const answers = await atOnce(() =>
      post(member, '/v4/billing/payment-gateways/golomt-v2/subscriptions', { plan_id: plan.id, card_id: card }),
    );
    expect(
      statuses(answers).every((s) => s === 200 || s === 409),
      answers[0]!.body,
    ).toBe(true);
    expect(await captures(member.userId)).toBe(1);
    const { rows } = await t.db.db.execute<{ status: string; renewal: string; card_id: number | null }>(
      sql`select status, renewal, card_id from billing_subscription where user_id = ${member.userId}`,
    );
    expect(rows).toEqual([{ status: 'active', renewal: 'card', card_id: expect.anything() }]);
  });

  it('opens one HiPay subscription when asked 30 times at once', async () => {
    const member = await registerByPhone(t.app);
    const plan = plans.find((p) => p.scope === 'summary')!;
    const answers = await atOnce(() => post(member, '/v4/billing/hipay/subscriptions', { plan_id: plan.id }));
    expect(statuses(answers)).toEqual([200]);
    expect(new Set(answers.map((a) => a.json().data.subscription_id)).size).toBe(1);
    expect(await count(sql`select count(*)::int as n from billing_subscription where user_id = ${member.userId}`)).toBe(
      1,
    );
  });

  it('opens one SocialPay subscription when asked 30 times at once', async () => {
    const member = await registerByPhone(t.app);
    const plan = plans.find((p) => p.scope === 'audio')!;
    const answers = await atOnce(() =>
      post(member, '/v4/billing/subscriptions', { plan_id: plan.id, rail: 'socialpay' }),
    );
    expect(statuses(answers)).toEqual([200]);
    expect(new Set(answers.map((a) => a.json().data.invoice.id)).size).toBe(1);
    expect(await count(sql`select count(*)::int as n from billing_subscription where user_id = ${member.userId}`)).toBe(
      1,
    );
  });

  it('charges the phone bill once when a Unitel subscription is asked 30 times at once', async () => {
    const member = await registerByPhone(t.app);
    const phone = `88${String(member.userId % 1_000_000).padStart(6, '0')}`;
    const unitelPlan = (await t.app.inject('/v5/unitel/renting/plans?type=audio')).json().data[0] as { id: number };
    const sent = await post(member, '/v4/billing/unitel/otp/send', { phone });
    expect(sent.statusCode, sent.body).toBe(200);
    const checked = await post(member, '/v4/billing/unitel/otp/check', { phone, code: await lastCode(t.app, phone) });
    expect(checked.statusCode, checked.body).toBe(200);
    const token = checked.json().data.token as string;
    const answers = await atOnce(() =>
      post(member, '/v4/billing/unitel/subscriptions', { plan_id: unitelPlan.id, phone, token }),
    );
    expect(
      statuses(answers).every((s) => s === 200 || s === 409),
      answers[0]!.body,
    ).toBe(true);
    expect(await captures(member.userId)).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from billing_subscription where user_id = ${member.userId} and status = 'active'`,
      ),
    ).toBe(1);
  });

  it('never bills a bundle over a title already held: refused, with nothing written', async () => {
    const member = await registerByPhone(t.app);
    const { rows } = await t.db.db.execute<{ bundle: number; book: number; format: 'audiobook' | 'ebook' }>(sql`
      select b.id as bundle, i.item_id as book, o.format from commerce_bundle b
      join commerce_bundle_item i on i.bundle_id = b.id
      join commerce_offer o on o.item_type = 'book' and o.item_id = i.item_id and o.active and o.credit_price is not null
      where b.kind = 'book' order by b.id limit 1`);
    const { bundle, book, format } = rows[0]!;
    await give(member.userId, 1000);
    expect((await post(member, `/v6/purchase/book/${book}`, { format, method: 'credits' })).statusCode).toBe(200);
    const before = await invoices(member.userId);
    const answers = await atOnce(() => post(member, `/v6/purchase/bundle/${bundle}`, { method: 'mnt', rail: 'qpay' }));
    expect(statuses(answers)).toEqual([409]);
    expect(answers[0]!.json().error.message).toMatch(/^Энэ багцын зарим номыг та аль хэдийн авсан байна/);
    expect(await invoices(member.userId)).toBe(before);
  });

  it('sends a gift once when the same gift is asked 30 times at once with a saved card', async () => {
    const member = await registerByPhone(t.app);
    const card = await saveCard(member);
    const pack = (await t.app.inject('/v5/credit/packs')).json().data[0] as { id: number };
    const gift = {
      gift: { kind: 'credits', pack_id: pack.id },
      recipient_phone: '99001122',
      message: 'Төрсөн өдрийн мэнд',
    };
    const answers = await atOnce(() =>
      post(member, '/v6/purchase/gift', { ...gift, method: 'mnt', rail: 'golomt', card_id: card }),
    );
    expect(
      statuses(answers).every((s) => s === 200 || s === 409),
      answers[0]!.body,
    ).toBe(true);
    expect(await captures(member.userId)).toBe(1);
    // another recipient is another gift
    const other = await post(member, '/v6/purchase/gift', {
      ...gift,
      recipient_phone: '99001133',
      method: 'mnt',
      rail: 'golomt',
      card_id: card,
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(await captures(member.userId)).toBe(2);
  });

  it('grants once when two bills of one title are paid at the bank, and refunds the second capture, telling the member', async () => {
    const member = await registerByPhone(t.app);
    const book = books[3]!;
    const buy = () =>
      post(member, `/v6/purchase/book/${book.id}`, { format: book.format, method: 'mnt', rail: 'qpay' });
    const first = purchaseResponse.parse((await buy()).json()).data;
    // the first bill runs out unpaid; a second is made, and both QRs are then paid at the bank
    t.clock.advance(31 * MINUTE_MS);
    await services().billing.expireOverdue(root());
    const second = purchaseResponse.parse((await buy()).json()).data;
    expect(second.invoice.id).not.toBe(first.invoice.id);
    await payByQpay(t.app, second);
    await payByQpay(t.app, first);
    t.clock.advance(MINUTE_MS);
    // whichever capture lands second (the callbacks race) is the one refunded
    const refundsOf = async () => {
      // the bank's callbacks land on their own; reconciliation and the jobs catch up with them
      await services().billing.reconcile(root());
      await runQueuedJobs(t.app);
      const of = async (invoice: string) =>
        refundsResponse.parse(
          (
            await t.app.inject({
              url: `/api/staff/refunds?invoice=${invoice}`,
              headers: (await keptStaff(t.app, ['finance'])).headers,
            })
          ).json(),
        ).data;
      return [...(await of(first.invoice.id)), ...(await of(second.invoice.id))];
    };
    await expect.poll(refundsOf).toMatchObject([{ status: 'done' }]);
    const [refund] = await refundsOf();
    expect(refund).toMatchObject({ reason: 'undeliverable', status: 'done', amount_mnt: book.price });
    expect(await grants(member.userId, book.id)).toBe(1);
    expect(await captures(member.userId)).toBe(2);
    const { rows } = await t.db.db.execute<{ kind: string; body: string }>(
      sql`select kind, body from notifications_item where user_id = ${member.userId} and kind = 'refund'`,
    );
    expect(rows).toHaveLength(1);
    const statusOf = async (invoice: string) =>
      (await t.app.inject({ url: `/v4/billing/invoices/${invoice}`, headers: as(member) })).json().data.status;
    const refunded = refund!.invoice_id;
    const kept = refunded === first.invoice.id ? second.invoice.id : first.invoice.id;
    expect(await statusOf(refunded)).toBe('refunded');
    expect(await statusOf(kept)).toBe('paid');
  });

  it('refuses to pay an old bill for a title held since, before any rail is called', async () => {
    const member = await registerByPhone(t.app);
    const book = books[4]!;
    const card = await saveCard(member);
    // a card attempt abandoned on the bank page leaves its bill pending
    const abandoned = purchaseResponse.parse(
      (
        await post(member, `/v6/purchase/book/${book.id}`, { format: book.format, method: 'mnt', rail: 'golomt' })
      ).json(),
    ).data;
    await give(member.userId, book.credits);
    expect(
      (await post(member, `/v6/purchase/book/${book.id}`, { format: book.format, method: 'credits' })).statusCode,
    ).toBe(200);
    const capturesBefore = await captures(member.userId);
    const paid = await post(member, '/api/billing/payments', {
      invoice_id: abandoned.invoice.id,
      rail: 'golomt',
      card_id: card,
    });
    expect(paid.statusCode).toBeGreaterThanOrEqual(409);
    expect(await captures(member.userId)).toBe(capturesBefore);
    expect(await grants(member.userId, book.id)).toBe(1);
  });

  it('writes nothing for a purchase or subscription with a card that is not the member’s', async () => {
    const member = await registerByPhone(t.app);
    const book = books[5]!;
    const before = await invoices(member.userId);
    const bought = await post(member, `/v6/purchase/book/${book.id}`, {
      format: book.format,
      method: 'mnt',
      rail: 'golomt',
      card_id: 'NoSuchCard1234567890',
    });
    expect(bought.statusCode).toBe(404);
    const subscribed = await post(member, '/v4/billing/payment-gateways/golomt-v2/subscriptions', {
      plan_id: plans[0]!.id,
      card_id: 'NoSuchCard1234567890',
    });
    expect(subscribed.statusCode).toBe(404);
    expect(await invoices(member.userId)).toBe(before);
    expect(await count(sql`select count(*)::int as n from billing_subscription where user_id = ${member.userId}`)).toBe(
      0,
    );
  });

  it('keeps a card saved twice once, and offers the most recently used first', async () => {
    const member = await registerByPhone(t.app);
    const first = await saveCard(member, '4111 1111 1111 1111');
    t.clock.advance(MINUTE_MS);
    const other = await saveCard(member, '4000 0000 0000 0341');
    t.clock.advance(MINUTE_MS);
    const again = await saveCard(member, '4111 1111 1111 1111');
    expect(again).toBe(first);
    const cards = (
      await t.app.inject({ url: '/v4/billing/payment-gateways/golomt-v2/cards', headers: as(member) })
    ).json().data as { id: string }[];
    expect(cards.map((c) => c.id)).toEqual([first, other]);
  });
});
