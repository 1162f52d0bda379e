import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from '@nomsan/db/orm';
import { purchaseResponse, refundResponse, refundsResponse } from '@nomsan/contracts/money';
import { plansResponse, subscriptionPurchaseResponse, type Plan } from '@nomsan/contracts/subscriptions';
import { MINUTE_MS } from '../../lib/clock';
import { runQueuedJobs } from '../../test/jobs';
import { keptStaff } from '../../test/staff';
import { payByQpay, saveCardAtGolomt } from '../../test/payments';
import {
  asMember,
  createAccountsApp,
  registerByPhone,
  type AccountsTestApp,
  type Registered,
} from '../../test/accounts';
import { CHECK_FAILURES_BOUND } from './billing.service';
import { RENEW_AHEAD_MS } from './subscriptions.service';

/**
 * Refunds, captures and keys as recorded steps: a refund moves through its steps by a job and
 * can be retried by staff from the step that failed; a second capture of a paid invoice is
 * refunded; a key claimed by a process that died is taken over; a payment the rail no longer
 * knows is given up on after a bound; one receipt message per sale, none for card checks or
 * subscription periods; an unpaid plan change is not charged later at its stale price.
 */
describe('refunds and captures as steps', () => {
  let t: AccountsTestApp;
  let books: { id: number; format: 'audiobook' | 'ebook'; price: number }[];
  let plans: Plan[];
  beforeAll(async () => {
    t = await createAccountsApp({ payments: { sandbox: true } });
    const { rows } = await t.db.db.execute<{ id: number; format: 'audiobook' | 'ebook'; price: number }>(sql`
      select distinct on (item_id) item_id as id, format, price_mnt as price from commerce_offer
      where item_type = 'book' and active and price_mnt > 0 and format in ('audiobook', 'ebook')
      order by item_id, format limit 10`);
    books = rows;
    plans = plansResponse.parse((await t.app.inject('/v6/subscription/plans?platform=local')).json()).data;
  });
  afterAll(() => t.close());

  const services = () => t.app.modules!.services;
  const root = () => t.app.modules!.kernel.root;
  const as = asMember;
  const staff = async () => (await keptStaff(t.app, ['finance'])).headers;
  const post = (member: Registered, url: string, payload: object, key?: string) =>
    t.app.inject({ method: 'POST', url, headers: as(member, key), payload });
  const count = async (query: SQL) => Number((await t.db.db.execute<{ n: number }>(query)).rows[0]!.n);
  const kinds = async (userId: number) =>
    (
      await t.db.db.execute<{ kind: string }>(
        sql`select kind from notifications_item where user_id = ${userId} order by id`,
      )
    ).rows.map((r) => r.kind);

  const saveCard = (member: Registered, cardNumber?: string) => saveCardAtGolomt(t.app, member, cardNumber);

  it('moves a staff refund through its steps; a rail that keeps refusing leaves it failed at that step, and staff retry it', async () => {
    const member = await registerByPhone(t.app);
    const card = await saveCard(member);
    const book = books[0]!;
    const bought = purchaseResponse.parse(
      (
        await post(member, `/v6/purchase/book/${book.id}`, {
          format: book.format,
          method: 'mnt',
          rail: 'golomt',
          card_id: card,
        })
      ).json(),
    ).data;
    expect(bought.invoice.status).toBe('paid');
    await t.app.inject({ method: 'POST', url: '/sandbox/golomt/outage', payload: { on: true } });
    const requested = refundResponse.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/staff/invoices/${bought.invoice.id}/refund`,
          headers: await staff(),
        })
      ).json(),
    ).data;
    await runQueuedJobs(t.app, 12);
    const [failed] = refundsResponse
      .parse((await t.app.inject({ url: '/api/staff/refunds?status=failed', headers: await staff() })).json())
      .data.filter((r) => r.id === requested.id);
    expect(failed).toMatchObject({ status: 'failed', failed_step: 'requested', attempts: 10 });
    expect(failed!.last_error).toBeTruthy();
    // nothing was taken back while the money was not: the member still holds the title
    expect(
      (await services().entitlements.canAccess(root(), member.userId, { type: 'book', id: book.id }, book.format))
        .allowed,
    ).toBe(true);
    // a member's session is no staff session: staff routes refuse it (401: no staff sign-in)
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/staff/refunds/${requested.id}/retry`, headers: as(member) }))
        .statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: '/api/staff/refunds', headers: as(member) })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/staff/invoices/${bought.invoice.id}/refund`,
          headers: as(member),
        })
      ).statusCode,
    ).toBe(401);
    await t.app.inject({ method: 'POST', url: '/sandbox/golomt/outage', payload: { on: false } });
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/staff/refunds/${requested.id}/retry`,
      headers: await staff(),
    });
    expect(retried.statusCode, retried.body).toBe(200);
    await runQueuedJobs(t.app);
    const [done] = refundsResponse.parse(
      (await t.app.inject({ url: `/api/staff/refunds?invoice=${bought.invoice.id}`, headers: await staff() })).json(),
    ).data;
    expect(done).toMatchObject({ status: 'done', failed_step: null, reason: 'staff' });
    expect(
      (await services().entitlements.canAccess(root(), member.userId, { type: 'book', id: book.id }, book.format))
        .allowed,
    ).toBe(false);
    expect(await kinds(member.userId)).toContain('refund');
  });

  it('refunds a second capture of one invoice (a QR and a card paid for the same bill): the invoice stays paid, granted once', async () => {
    const member = await registerByPhone(t.app);
    const card = await saveCard(member);
    const book = books[1]!;
    const started = purchaseResponse.parse(
      (await post(member, `/v6/purchase/book/${book.id}`, { format: book.format, method: 'mnt', rail: 'qpay' })).json(),
    ).data;
    const byCard = await post(member, '/api/billing/payments', {
      invoice_id: started.invoice.id,
      rail: 'golomt',
      card_id: card,
    });
    expect(byCard.statusCode, byCard.body).toBe(200);
    await payByQpay(t.app, started);
    await services().billing.reconcile(root());
    t.clock.advance(MINUTE_MS);
    await services().billing.reconcile(root());
    await runQueuedJobs(t.app);
    const refunds = refundsResponse.parse(
      (await t.app.inject({ url: `/api/staff/refunds?invoice=${started.invoice.id}`, headers: await staff() })).json(),
    ).data;
    expect(refunds).toMatchObject([{ reason: 'duplicate_capture', status: 'done', amount_mnt: book.price }]);
    const invoice = (
      await t.app.inject({ url: `/v4/billing/invoices/${started.invoice.id}`, headers: as(member) })
    ).json().data;
    expect(invoice.status).toBe('paid');
    expect(invoice.payments.map((p: { status: string }) => p.status).sort()).toEqual(['paid', 'refunded']);
    expect(
      await count(
        sql`select count(*)::int as n from entitlements_grant where user_id = ${member.userId} and revoked_at is null`,
      ),
    ).toBe(1);
  });

  it('takes over a key whose request never answered once its lease ran out, and forgets keys after a day', async () => {
    const member = await registerByPhone(t.app);
    const book = books[2]!;
    const key = crypto.randomUUID();
    const body = { format: book.format, method: 'mnt', rail: 'qpay' };
    // a process died holding the key: its row has no answer and a lease in the past
    const { createHash } = await import('node:crypto');
    const order = { kind: 'book', id: book.id, request: body };
    const hash = createHash('sha256').update(JSON.stringify(order)).digest('base64url');
    await t.db.db.execute(sql`insert into checkout_request (user_id, idempotency_key, request_hash, lease_until)
      values (${member.userId}, ${key}, ${hash}, now() - interval '1 minute')`);
    const answered = await post(member, `/v6/purchase/book/${book.id}`, body, key);
    expect(answered.statusCode, answered.body).toBe(200);
    t.clock.advance(25 * 60 * MINUTE_MS);
    expect(await services().checkout.pruneKeys(root())).toBeGreaterThanOrEqual(1);
    expect(await count(sql`select count(*)::int as n from checkout_request where idempotency_key = ${key}`)).toBe(0);
  });

  it('gives up on a payment its rail no longer knows after a bound, asking less and less often', async () => {
    const member = await registerByPhone(t.app);
    const book = books[3]!;
    const started = purchaseResponse.parse(
      (await post(member, `/v6/purchase/book/${book.id}`, { format: book.format, method: 'mnt', rail: 'qpay' })).json(),
    ).data;
    await t.db.db.execute(
      sql`update billing_payment set provider_payment_id = 'no-such-invoice-at-qpay' where public_id = ${started.payment!.id}`,
    );
    const row = async () =>
      (
        await t.db.db.execute<{ status: string; check_failures: number }>(
          sql`select status, check_failures from billing_payment where public_id = ${started.payment!.id}`,
        )
      ).rows[0]!;
    t.clock.advance(MINUTE_MS);
    await services().billing.reconcile(root());
    expect(await row()).toMatchObject({ status: 'pending', check_failures: 1 });
    // asked again at once: not yet (its next check is later)
    await services().billing.reconcile(root());
    expect((await row()).check_failures).toBe(1);
    for (let i = 1; i < CHECK_FAILURES_BOUND; i++) {
      t.clock.advance(61 * MINUTE_MS);
      await services().billing.reconcile(root());
    }
    expect(await row()).toMatchObject({ status: 'failed', check_failures: CHECK_FAILURES_BOUND });
  });

  it('sends one receipt message per sale, none for a card check or a subscription period', async () => {
    const member = await registerByPhone(t.app);
    await saveCard(member);
    expect(await kinds(member.userId)).not.toContain('receipt');
    const book = books[4]!;
    const bought = purchaseResponse.parse(
      (await post(member, `/v6/purchase/book/${book.id}`, { format: book.format, method: 'mnt', rail: 'qpay' })).json(),
    ).data;
    await payByQpay(t.app, bought);
    await expect.poll(async () => (await kinds(member.userId)).filter((k) => k === 'receipt').length).toBe(1);
    const plan = plans.find((p) => p.scope === 'summary')!;
    const sub = subscriptionPurchaseResponse.parse(
      (await post(member, '/v4/billing/subscriptions', { plan_id: plan.id, rail: 'qpay' })).json(),
    ).data;
    await payByQpay(t.app, sub);
    await expect.poll(async () => await kinds(member.userId)).toContain('subscription_started');
    expect((await kinds(member.userId)).filter((k) => k === 'receipt')).toHaveLength(1);
  });

  it('replaces an unpaid upgrade invoice when the period renews: charged the plan’s price, the upgrade never applied', async () => {
    const member = await registerByPhone(t.app);
    const card = await saveCard(member);
    const [cheap, dear] = plans
      .filter((p) => p.scope === 'audio' && p.period_months === 1)
      .concat(plans.filter((p) => p.scope === 'audio' && p.period_months > 1))
      .slice(0, 2);
    expect(dear!.price_mnt).toBeGreaterThan(cheap!.price_mnt);
    const started = subscriptionPurchaseResponse.parse(
      (
        await post(member, '/v4/billing/payment-gateways/golomt-v2/subscriptions', {
          plan_id: cheap!.id,
          card_id: card,
        })
      ).json(),
    ).data;
    expect(started.invoice.status).toBe('paid');
    // an upgrade asked, and its invoice left unpaid
    const upgrade = await post(member, `/v4/billing/subscriptions/${started.subscription_id}/change-plan`, {
      plan_id: dear!.id,
    });
    const upgradeInvoice = upgrade.json().data.invoice_id as string;
    expect(upgradeInvoice).toBeTruthy();
    const { rows } = await t.db.db.execute<{ end: string }>(
      sql`select current_period_end as end from billing_subscription where public_id = ${started.subscription_id}`,
    );
    t.clock.advance(new Date(rows[0]!.end).getTime() - RENEW_AHEAD_MS - t.clock.now().getTime() + MINUTE_MS);
    await services().billing.subscriptions.runDue(root());
    await runQueuedJobs(t.app);
    const periods = await t.db.db.execute<{ amount: number; status: string; upgrade: boolean }>(sql`
      select i.amount_mnt as amount, i.status, (l.fulfilment->>'upgrade')::boolean as upgrade
      from billing_subscription s join billing_subscription_period p on p.subscription_id = s.id
      join billing_invoice i on i.id = p.invoice_id join billing_invoice_line l on l.invoice_id = i.id
      where s.public_id = ${started.subscription_id} and p.period = 2`);
    expect(periods.rows).toEqual([{ amount: cheap!.price_mnt, status: 'paid', upgrade: false }]);
    const old = (await t.app.inject({ url: `/v4/billing/invoices/${upgradeInvoice}`, headers: as(member) })).json()
      .data;
    expect(old.status).toBe('cancelled');
  });
});
