import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import { mn } from '@nomsan/contracts/messages';
import {
  changePlanResponse,
  plansResponse,
  subscriptionPurchaseResponse,
  subscriptionResponse,
  subscriptionStatusResponse,
  type Plan,
} from '@nomsan/contracts/subscriptions';
import { paymentResponse } from '@nomsan/contracts/money';
import { DAY_MS, MINUTE_MS } from '../../lib/clock';
import { jobsOf } from '../../kernel/module';
import { payByQpay } from '../../test/payments';
import { createAccountsApp, registerByPhone, type AccountsTestApp, type Registered } from '../../test/accounts';
import { GRACE_MS, RENEW_AHEAD_MS, UNREACHABLE_RETRY_MS } from './subscriptions.service';

/**
 * Subscriptions end to end through the Golomt and QPay sandboxes: taking one (the card kept for
 * the renewals), the access it opens, renewals by the job queue as the clock moves (one charge
 * per period, also with two workers), a declined renewal and its grace, cancelling, a credit
 * plan's credits, plan changes, and another member's subscription refused.
 */
describe('subscriptions', () => {
  let t: AccountsTestApp;
  let plans: Plan[];
  let audioBook: number;
  let purchaseOnlyBook: number;
  beforeAll(async () => {
    t = await createAccountsApp({ payments: { sandbox: true } });
    plans = plansResponse.parse((await t.app.inject('/v6/subscription/plans?platform=local')).json()).data;
    const { rows } = await t.db.db.execute<{ id: number; scopes: string[] }>(sql`
      select item_id as id, subscription_scopes as scopes from commerce_offer
      where item_type = 'book' and format = 'audiobook' and active order by item_id limit 400`);
    audioBook = rows.find((r) => r.scopes.includes('audio'))!.id;
    purchaseOnlyBook = rows.find((r) => !r.scopes.includes('audio'))!.id;
  });
  afterAll(() => t.close());

  const services = () => t.app.modules!.services;
  const root = () => t.app.modules!.kernel.root;
  const as = (member: Registered, key = crypto.randomUUID()) => ({
    authorization: `Bearer ${member.token}`,
    'idempotency-key': key,
  });
  const path = (url: string) => {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  };
  const planOf = (code: string) => plans.find((p) => p.code === code)!;
  const canListen = (member: Registered, bookId: number) =>
    services().entitlements.canAccess(root(), member.userId, { type: 'book', id: bookId }, 'audiobook');
  const status = async (member: Registered) =>
    subscriptionStatusResponse.parse(
      (await t.app.inject({ url: '/v6/subscription/status', headers: as(member) })).json(),
    ).data;
  const row = async (publicId: string) => {
    const { rows } = await t.db.db.execute<{ status: string; period: number; current_period_end: string }>(
      sql`select status, period, current_period_end from billing_subscription where public_id = ${publicId}`,
    );
    return rows[0]!;
  };
  const count = async (query: ReturnType<typeof sql>) => {
    const { rows } = await t.db.db.execute<{ n: number }>(query);
    return Number(rows[0]!.n);
  };
  const cardId = async (member: Registered) =>
    (await t.app.inject({ url: '/v4/billing/payment-gateways/golomt-v2/cards', headers: as(member) })).json().data[0]
      .id as string;
  /** runs the minute's schedule and every job it makes, as a worker would */
  async function runJobs() {
    const { modules, kernel } = t.app.modules!;
    const { handlers } = jobsOf(modules, kernel, services());
    await services().billing.subscriptions.runDue(root());
    while (await kernel.jobs.runOne(root(), handlers));
  }

  /** subscribes on Golomt's page with a test card, saved for the renewals */
  async function subscribeByCard(member: Registered, code: string, cardNumber = '4111 1111 1111 1111') {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/v4/billing/payment-gateways/golomt-v2/subscriptions',
      headers: as(member),
      payload: { plan_id: planOf(code).id },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const started = subscriptionPurchaseResponse.parse(answer.json()).data;
    const action = started.payment!.next_action!;
    if (action.kind !== 'redirect') throw new Error('expected the bank page');
    await t.app.inject({
      method: 'POST',
      url: path(action.url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber, holder: 'BOLD', expiry: '12/30', cvv: '123' }).toString(),
    });
    const paid = paymentResponse.parse(
      (await t.app.inject({ url: `/v4/billing/payments/${started.payment!.id}`, headers: as(member) })).json(),
    ).data;
    expect(paid.status).toBe('paid');
    return started;
  }

  it('lists the plans by scope for everyone; the status is for members only', async () => {
    expect(new Set(plans.map((p) => p.scope))).toEqual(new Set(['audio', 'ebook', 'summary', 'credit']));
    const summary = plansResponse.parse((await t.app.inject('/v5/summary/subscription/plans')).json()).data;
    expect(summary.length).toBeGreaterThan(0);
    expect(summary.every((p) => p.scope === 'summary')).toBe(true);
    expect((await t.app.inject('/v6/subscription/status')).statusCode).toBe(401);
    const offers = (await t.app.inject('/v6/sales-offer?options=1&platform=web')).json().data.options;
    expect(offers[0]).toMatchObject({ product: { discount_percentage: expect.any(Number) } });
    expect(offers[0].weblink).toMatch(/\/subscription\/discount-/);
  });

  it('opens the scope on a card subscription, renews it ahead of the end once, and cancels to the period end', async () => {
    const member = await registerByPhone(t.app);
    expect((await canListen(member, audioBook)).allowed).toBe(false);
    const started = await subscribeByCard(member, 'audio-1m');
    const first = await status(member);
    expect(first.subscriptions).toHaveLength(1);
    expect(first.subscriptions[0]).toMatchObject({ status: 'active', renewal: 'card', renews: true });
    expect(first.subscriptions[0]!.card?.masked_number).toMatch(/1111/);
    const end = new Date(first.subscriptions[0]!.current_period_end!);
    expect(first.access.audio).toBe(end.toISOString());
    expect(await canListen(member, audioBook)).toMatchObject({ allowed: true, reason: 'subscription' });
    expect((await canListen(member, purchaseOnlyBook)).allowed).toBe(false);
    // a second audio subscription is a plan change, not another subscription
    const again = await t.app.inject({
      method: 'POST',
      url: '/v4/billing/payment-gateways/golomt-v2/subscriptions',
      headers: as(member),
      payload: { plan_id: planOf('audio-3m').id },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(mn.subscriptions.alreadySubscribed);

    // a minute before the renewal is due nothing happens; a minute after, one charge
    t.clock.advance(end.getTime() - RENEW_AHEAD_MS - t.clock.now().getTime() - MINUTE_MS);
    await runJobs();
    expect((await row(started.subscription_id)).period).toBe(1);
    t.clock.advance(2 * MINUTE_MS);
    await runJobs();
    await runJobs();
    const renewed = await row(started.subscription_id);
    expect(renewed.period).toBe(2);
    expect(
      await count(
        sql`select count(*)::int as n from billing_payment where user_id = ${member.userId} and status = 'paid'`,
      ),
    ).toBe(2);
    const access = await services().entitlements.passes(root(), member.userId);
    expect(access.audio!.getTime()).toBeGreaterThan(end.getTime() + 27 * DAY_MS);

    // cancelled: access stays until the paid period's end, then the subscription expires
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/v4/billing/subscriptions/${started.subscription_id}/cancel`,
      headers: as(member),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(subscriptionResponse.parse(cancelled.json()).data).toMatchObject({ status: 'cancelled', renews: false });
    const paidUntil = new Date(renewed.current_period_end);
    t.clock.advance(paidUntil.getTime() - t.clock.now().getTime() - MINUTE_MS);
    await runJobs();
    expect(await canListen(member, audioBook)).toMatchObject({ allowed: true });
    expect((await row(started.subscription_id)).status).toBe('cancelled');
    t.clock.advance(2 * MINUTE_MS);
    await runJobs();
    expect((await canListen(member, audioBook)).allowed).toBe(false);
    expect((await row(started.subscription_id)).status).toBe('expired');
    expect(
      await count(
        sql`select count(*)::int as n from billing_payment where user_id = ${member.userId} and status = 'paid'`,
      ),
    ).toBe(2);
  });

  it('charges a period once with two workers renewing at the same moment', async () => {
    const members = await Promise.all(Array.from({ length: 3 }, () => registerByPhone(t.app)));
    const started = [];
    for (const member of members) started.push(await subscribeByCard(member, 'ebook-1m'));
    const ends = await Promise.all(
      started.map(async (s) => new Date((await row(s.subscription_id)).current_period_end)),
    );
    t.clock.advance(Math.max(...ends.map((e) => e.getTime())) - RENEW_AHEAD_MS - t.clock.now().getTime() + MINUTE_MS);
    const { modules, kernel } = t.app.modules!;
    const { handlers } = jobsOf(modules, kernel, services());
    // two schedulers and two workers at once, and the renewal itself asked twice at once
    await Promise.all([
      services().billing.subscriptions.runDue(root()),
      services().billing.subscriptions.runDue(root()),
    ]);
    const ids = await Promise.all(
      started.map(async (s) => {
        const { rows } = await t.db.db.execute<{ id: number }>(
          sql`select id from billing_subscription where public_id = ${s.subscription_id}`,
        );
        return Number(rows[0]!.id);
      }),
    );
    await Promise.all([
      ...ids.flatMap((id) => [
        services().billing.subscriptions.renew(root(), id, 2),
        services().billing.subscriptions.renew(root(), id, 2),
      ]),
      (async () => {
        while (await kernel.jobs.runOne(root(), handlers));
      })(),
      (async () => {
        while (await kernel.jobs.runOne(root(), handlers));
      })(),
    ]);
    for (const [i, member] of members.entries()) {
      expect((await row(started[i]!.subscription_id)).period).toBe(2);
      expect(
        await count(
          sql`select count(*)::int as n from billing_payment where user_id = ${member.userId} and status = 'paid'`,
        ),
      ).toBe(2);
      expect(
        await count(
          sql`select count(*)::int as n from billing_invoice where user_id = ${member.userId} and status = 'paid'`,
        ),
      ).toBe(2);
    }
  });

  it('keeps access through the grace when a renewal is declined, retries on schedule, then ends it', async () => {
    const member = await registerByPhone(t.app);
    // the sandbox card that pays on its page but is declined by its saved token
    const started = await subscribeByCard(member, 'audio-1m', '4000 0000 0000 0341');
    const end = new Date((await row(started.subscription_id)).current_period_end);
    t.clock.advance(end.getTime() - RENEW_AHEAD_MS - t.clock.now().getTime() + MINUTE_MS);
    await runJobs();
    const failed = (await status(member)).subscriptions[0]!;
    expect(failed).toMatchObject({ status: 'past_due', renews: true });
    expect(new Date(failed.grace_ends_at!).getTime()).toBe(end.getTime() + GRACE_MS);
    expect(
      await count(
        sql`select count(*)::int as n from billing_payment where user_id = ${member.userId} and status = 'failed'`,
      ),
    ).toBe(1);
    // tried again at the period's end and a day later; inside the grace: still listening
    t.clock.advance(DAY_MS);
    await runJobs();
    t.clock.advance(DAY_MS);
    await runJobs();
    expect(await canListen(member, audioBook)).toMatchObject({ allowed: true });
    expect(
      await count(
        sql`select count(*)::int as n from billing_payment where user_id = ${member.userId} and status = 'failed'`,
      ),
    ).toBe(3);
    expect((await row(started.subscription_id)).status).toBe('past_due');
    // no fourth try; the grace over, the subscription ends
    t.clock.advance(2 * DAY_MS);
    await runJobs();
    expect((await canListen(member, audioBook)).allowed).toBe(false);
    expect((await row(started.subscription_id)).status).toBe('expired');
    // one invoice for the period, tried three times, never paid
    expect(await count(sql`select count(*)::int as n from billing_invoice where user_id = ${member.userId}`)).toBe(2);
  });

  it('tries a renewal the bank could not be reached for again shortly, without counting it as declined', async () => {
    const member = await registerByPhone(t.app);
    const started = await subscribeByCard(member, 'audio-1m');
    const end = new Date((await row(started.subscription_id)).current_period_end);
    const outage = (on: boolean) =>
      t.app.inject({ method: 'POST', url: '/sandbox/golomt/outage', payload: { on } }).then((r) => r.statusCode);
    expect(await outage(true)).toBe(200);
    try {
      t.clock.advance(end.getTime() - RENEW_AHEAD_MS - t.clock.now().getTime() + MINUTE_MS);
      await runJobs();
      // still active, nothing failed on the member's side, nobody told
      expect((await row(started.subscription_id)).status).toBe('active');
      expect(
        await count(
          sql`select count(*)::int as n from notifications_item where user_id = ${member.userId} and kind = 'renewal_failed'`,
        ),
      ).toBe(0);
      // the next try waits its quarter of an hour
      await runJobs();
      expect(
        await count(
          sql`select count(*)::int as n from billing_payment where user_id = ${member.userId} and status = 'failed'`,
        ),
      ).toBe(1);
    } finally {
      expect(await outage(false)).toBe(200);
    }
    t.clock.advance(UNREACHABLE_RETRY_MS);
    await runJobs();
    expect((await row(started.subscription_id)).period).toBe(2);
    expect(
      await count(
        sql`select count(*)::int as n from billing_payment where user_id = ${member.userId} and status = 'paid'`,
      ),
    ).toBe(2);
  });

  it('adds a credit plan’s credits each paid period, paid a period at a time with QPay', async () => {
    const member = await registerByPhone(t.app);
    const plan = planOf('credit-1m');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/v4/billing/subscriptions',
      headers: as(member),
      payload: { plan_id: plan.id, rail: 'qpay' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const started = subscriptionPurchaseResponse.parse(answer.json()).data;
    await payByQpay(t.app, started);
    await expect.poll(() => services().credits.balance(root(), member.userId)).toBe(plan.credits_per_period);
    expect((await status(member)).subscriptions[0]).toMatchObject({ renewal: 'none', renews: false });
    // the member pays the next period; credits come again, once
    const next = await t.app.inject({
      method: 'POST',
      url: `/v4/billing/subscriptions/${started.subscription_id}/renew`,
      headers: as(member),
    });
    expect(next.statusCode, next.body).toBe(200);
    const invoice = subscriptionPurchaseResponse.parse(next.json()).data.invoice;
    expect(invoice.amount_mnt).toBe(plan.price_mnt);
    const paying = await t.app.inject({
      method: 'POST',
      url: '/api/billing/payments',
      headers: as(member),
      payload: { invoice_id: invoice.id, rail: 'qpay' },
    });
    expect(paying.statusCode, paying.body).toBe(200);
    await payByQpay(t.app, { payment: paying.json().data });
    await expect
      .poll(async () => {
        await t.app.inject({ url: `/v4/billing/invoices/${invoice.id}`, headers: as(member) });
        return services().credits.balance(root(), member.userId);
      })
      .toBe(2 * plan.credits_per_period);
    expect((await row(started.subscription_id)).period).toBe(2);
  });

  it('upgrades at once for the price less the unused days, downgrades at the period end', async () => {
    const member = await registerByPhone(t.app);
    const started = await subscribeByCard(member, 'audio-3m');
    const change = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: `/v4/billing/subscriptions/${started.subscription_id}/change-plan`,
        headers: as(member),
        payload: { plan_id: planOf(code).id },
      });
    const down = await change('audio-1m');
    expect(down.statusCode, down.body).toBe(200);
    const downgraded = changePlanResponse.parse(down.json()).data;
    expect(downgraded.invoice_id).toBeNull();
    expect(downgraded.subscription.next_plan?.code).toBe('audio-1m');
    expect(downgraded.subscription.plan.code).toBe('audio-3m');
    // ten days later, a dearer plan: paid now, less what is left of the current period
    const period = await row(started.subscription_id);
    const { rows } = await t.db.db.execute<{ start: string }>(
      sql`select current_period_start as start from billing_subscription where public_id = ${started.subscription_id}`,
    );
    const start = new Date(rows[0]!.start).getTime();
    const endAt = new Date(period.current_period_end).getTime();
    t.clock.advance(10 * DAY_MS);
    const unused = Math.floor((planOf('audio-3m').price_mnt * (endAt - t.clock.now().getTime())) / (endAt - start));
    const up = await change('audio-12m');
    expect(up.statusCode, up.body).toBe(200);
    const upgraded = changePlanResponse.parse(up.json()).data;
    const invoice = (
      await t.app.inject({ url: `/v4/billing/invoices/${upgraded.invoice_id}`, headers: as(member) })
    ).json().data;
    expect(invoice.amount_mnt).toBe(planOf('audio-12m').price_mnt - unused);
    // paid with the saved card's page like any invoice: the new plan starts now, for a year
    const paying = await t.app.inject({
      method: 'POST',
      url: '/api/billing/payments',
      headers: as(member),
      payload: {
        invoice_id: upgraded.invoice_id,
        rail: 'golomt',
        card_id: (await status(member)).subscriptions[0]!.card ? await cardId(member) : undefined,
      },
    });
    expect(paying.statusCode, paying.body).toBe(200);
    const after = (await status(member)).subscriptions[0]!;
    expect(after.plan.code).toBe('audio-12m');
    expect(new Date(after.current_period_start!).getTime()).toBe(t.clock.now().getTime());
    expect(after.next_plan).toBeNull();
  });

  it("refuses another member's subscription as not found", async () => {
    const [owner, other] = [await registerByPhone(t.app), await registerByPhone(t.app)];
    const started = await subscribeByCard(owner, 'summary-1m');
    for (const action of ['cancel', 'resume', 'renew']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/v4/billing/subscriptions/${started.subscription_id}/${action}`,
        headers: as(other),
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.message).toBe(mn.subscriptions.notFound);
    }
    expect((await status(other)).subscriptions).toEqual([]);
    expect((await row(started.subscription_id)).status).toBe('active');
  });
});
