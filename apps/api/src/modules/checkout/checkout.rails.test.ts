import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import { mn } from '@nomsan/contracts/messages';
import {
  invoiceResponse,
  paymentResponse,
  purchaseResponse,
  refundResponse,
  refundsResponse,
  savedCardsResponse,
} from '@nomsan/contracts/money';
import { jobsOf } from '../../kernel/module';
import { runQueuedJobs } from '../../test/jobs';
import { keptStaff } from '../../test/staff';
import { createAccountsApp, registerByPhone, type AccountsTestApp, type Registered } from '../../test/accounts';

/**
 * Purchases paid on the rails, end to end through the local sandboxes that speak QPay v2's and
 * Golomt's protocols (mounted in the app, reached through the adapters as over HTTP): the
 * payer's pages, the callbacks, their replays and forgeries.
 */

describe('checkout on the rails (QPay, Golomt)', () => {
  let t: AccountsTestApp;
  let summaries: number[];
  beforeAll(async () => {
    t = await createAccountsApp({ payments: { sandbox: true } });
    const { rows } = await t.db.db.execute<{ id: number }>(sql`
      select item_id as id from commerce_offer
      where item_type = 'summary' and active and price_mnt > 0 order by item_id limit 4`);
    summaries = rows.map((r) => r.id);
  });
  afterAll(() => t.close());

  const as = (member: Registered, key = crypto.randomUUID()) => ({
    authorization: `Bearer ${member.token}`,
    'idempotency-key': key,
  });
  const path = (url: string) => {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  };
  const count = async (table: string, userId: number, where = sql`true`) => {
    const { rows } = await t.db.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId} and ${where}`,
    );
    return Number(rows[0]!.n);
  };
  const balance = (userId: number) => t.app.modules!.services.credits.balance(t.app.modules!.kernel.root, userId);
  const packs = async () =>
    (await t.app.inject('/v5/credit/packs')).json().data as {
      id: number;
      credits: number;
      bonus_credits: number;
      price_mnt: number;
    }[];

  async function buyPackWithQpay(member: Registered) {
    const pack = (await packs()).find((p) => p.bonus_credits > 0)!;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/v6/purchase/credit-pack',
      headers: as(member),
      payload: { pack_id: pack.id, method: 'mnt', rail: 'qpay' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return { pack, ...purchaseResponse.parse(answer.json()).data };
  }

  it('sells a credit pack through QPay: QR and bank links, the bank app pays, the callback grants the credits once', async () => {
    const member = await registerByPhone(t.app);
    const { pack, invoice, payment } = await buyPackWithQpay(member);
    expect(invoice).toMatchObject({ status: 'pending', amount_mnt: pack.price_mnt });
    expect(payment).toMatchObject({ rail: 'qpay', status: 'pending' });
    const action = payment!.next_action!;
    if (action.kind !== 'qr') throw new Error(`expected a QR, got ${action.kind}`);
    expect(action.qr_image).toMatch(/^data:image\/png;base64,/);
    expect(action.deeplinks.length).toBeGreaterThanOrEqual(5);
    // the "bank app" pays; QPay's sandbox then calls our callback
    const paid = await t.app.inject({
      method: 'POST',
      url: path(action.deeplinks[0]!.link),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          invoiceResponse.parse(
            (await t.app.inject({ url: `/v4/billing/invoices/${invoice.id}`, headers: as(member) })).json(),
          ).data.status,
      )
      .toBe('paid');
    expect(await balance(member.userId)).toBe(pack.credits + pack.bonus_credits);
    expect(await count('credits_ledger', member.userId)).toBe(2);
  });

  it('takes a callback replayed 100 times, also at once, as one payment, one grant; a forged one is refused', async () => {
    const member = await registerByPhone(t.app);
    const { pack, invoice, payment } = await buyPackWithQpay(member);
    const action = payment!.next_action!;
    if (action.kind !== 'qr') throw new Error('expected a QR');
    const { rows } = await t.db.db.execute<{ secret: string }>(
      sql`select callback_secret as secret from billing_payment where public_id = ${payment!.id}`,
    );
    const callback = `/api/billing/callbacks/qpay/${payment!.id}?secret=${rows[0]!.secret}`;
    // before the payer pays, a callback changes nothing
    expect((await t.app.inject(callback)).body).toBe('SUCCESS');
    expect(await balance(member.userId)).toBe(0);
    await t.app.inject({
      method: 'POST',
      url: path(action.deeplinks[1]!.link),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2 ? t.app.inject(callback) : t.app.inject({ method: 'POST', url: callback }),
      ),
    );
    expect(replies.every((r) => r.statusCode === 200 && r.body === 'SUCCESS')).toBe(true);
    expect(await balance(member.userId)).toBe(pack.credits + pack.bonus_credits);
    expect(await count('credits_ledger', member.userId)).toBe(2);
    expect(await count('billing_payment', member.userId, sql`status = 'paid'`)).toBe(1);
    expect(
      (await t.app.inject({ url: `/v4/billing/invoices/${invoice.id}`, headers: as(member) })).json().data.status,
    ).toBe('paid');

    const forged = await t.app.inject(`/api/billing/callbacks/qpay/${payment!.id}?secret=wrong`);
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error.code).toBe('NOT_FOUND');
    const otherRail = await t.app.inject(`/api/billing/callbacks/golomt/${payment!.id}?secret=${rows[0]!.secret}`);
    expect(otherRail.statusCode).toBe(404);
  });

  it('expires an unpaid invoice on schedule, and still honours a payment that lands after it', async () => {
    const member = await registerByPhone(t.app);
    const { pack, invoice, payment } = await buyPackWithQpay(member);
    const action = payment!.next_action!;
    if (action.kind !== 'qr') throw new Error('expected a QR');
    t.clock.advance(31 * 60_000);
    const { services, kernel } = t.app.modules!;
    expect(await services.billing.expireOverdue(kernel.root)).toBeGreaterThanOrEqual(1);
    const read = async () =>
      invoiceResponse.parse(
        (await t.app.inject({ url: `/v4/billing/invoices/${invoice.id}`, headers: as(member) })).json(),
      ).data;
    expect((await read()).status).toBe('expired');
    // the payer pays late: QPay captured, so the store grants
    await t.app.inject({
      method: 'POST',
      url: path(action.deeplinks[0]!.link),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    await expect.poll(async () => (await read()).status).toBe('paid');
    expect(await balance(member.userId)).toBe(pack.credits + pack.bonus_credits);
  });

  it('files the e-barimt receipt of a paid invoice by a job, through an outage of the receipt service', async () => {
    const member = await registerByPhone(t.app);
    const { invoice, payment } = await buyPackWithQpay(member);
    if (payment!.next_action!.kind !== 'qr') throw new Error('expected a QR');
    const { kernel, services, modules } = t.app.modules!;
    const { handlers } = jobsOf(modules, kernel, services);
    // PosAPI is down for the next call: the job is put off (backoff) and tried again
    await t.app.inject({ method: 'POST', url: '/sandbox/posapi/_test/outage', payload: { count: 1 } });
    await t.app.inject({
      method: 'POST',
      url: path(payment!.next_action!.deeplinks[0]!.link),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const read = async () =>
      invoiceResponse.parse(
        (await t.app.inject({ url: `/v4/billing/invoices/${invoice.id}`, headers: as(member) })).json(),
      ).data;
    await expect
      .poll(async () => {
        // the backoff's time passes
        await t.db.db.execute(sql`update system_job set run_at = now() where state = 'queued'`);
        while (await kernel.jobs.runOne(kernel.root, handlers));
        return (await read()).receipt;
      })
      .not.toBeNull();
    const { receipt, status } = await read();
    expect(status).toBe('paid');
    expect(receipt).toMatchObject({
      lottery: expect.stringMatching(/^[A-Z]{2} \d{8}$/),
      bill_id: expect.stringMatching(/^\d{33}$/),
    });
    expect(receipt!.qr_image).toMatch(/^data:image\/png;base64,/);
    const { rows: jobs } = await t.db.db.execute<{ state: string }>(
      sql`select state from system_job where name = 'billing.issue-receipt'
        and (payload->>'invoiceId')::bigint = (select id from billing_invoice where public_id = ${invoice.id})`,
    );
    expect(jobs).toEqual([{ state: 'done' }]);
  });

  it('grants nothing when the rail reports another amount than the invoice', async () => {
    const member = await registerByPhone(t.app);
    const { invoice, payment } = await buyPackWithQpay(member);
    const { rows } = await t.db.db.execute<{ qpay: string; secret: string }>(
      sql`select provider_payment_id as qpay, callback_secret as secret from billing_payment where public_id = ${payment!.id}`,
    );
    await t.app.inject({ method: 'POST', url: `/sandbox/qpay/_test/pay/${rows[0]!.qpay}`, payload: { amount: 100 } });
    // QPay's callback: a trigger, and the check finds 100₮ paid against the invoice's price
    await t.app.inject(`/api/billing/callbacks/qpay/${payment!.id}?secret=${rows[0]!.secret}`);
    const after = invoiceResponse.parse(
      (await t.app.inject({ url: `/v4/billing/invoices/${invoice.id}`, headers: as(member) })).json(),
    ).data;
    expect(after.status).toBe('pending');
    expect(after.payments[0]).toMatchObject({ status: 'failed' });
    expect(await balance(member.userId)).toBe(0);
  });

  it('buys a summary by card through 3-D Secure saving the card, then another in one tap; a declined card grants nothing', async () => {
    const member = await registerByPhone(t.app);
    const buy = (id: number, body: object) =>
      t.app.inject({ method: 'POST', url: `/v6/purchase/summary/${id}`, headers: as(member), payload: body });
    const first = purchaseResponse.parse(
      (await buy(summaries[0]!, { method: 'mnt', rail: 'golomt', save_card: true })).json(),
    ).data;
    const action = first.payment!.next_action!;
    if (action.kind !== 'redirect') throw new Error('expected the hosted page');
    const form = (fields: Record<string, string>) => ({
      method: 'POST' as const,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    const challenge = await t.app.inject({
      url: path(action.url),
      ...form({ cardNumber: '4000 0000 0000 3220', holder: 'BOLD', expiry: '12/30', cvv: '123' }),
    });
    expect(challenge.statusCode).toBe(200);
    const back = await t.app.inject({ url: `${path(action.url)}/otp`, ...form({ otp: '123456' }) });
    expect(back.statusCode).toBeGreaterThanOrEqual(300);
    expect(back.headers.location).toContain(`/payment/${first.payment!.id}`);
    // the payer's return page asks for the payment: billing asks the bank
    const confirmed = paymentResponse.parse(
      (await t.app.inject({ url: `/v4/billing/payments/${first.payment!.id}`, headers: as(member) })).json(),
    ).data;
    expect(confirmed.status).toBe('paid');
    const cards = savedCardsResponse.parse(
      (await t.app.inject({ url: '/v4/billing/payment-gateways/golomt-v2/cards', headers: as(member) })).json(),
    ).data;
    expect(cards).toHaveLength(1);
    expect(cards[0]!.masked_number).not.toContain('0000 0000');

    const oneTap = purchaseResponse.parse(
      (await buy(summaries[1]!, { method: 'mnt', rail: 'golomt', card_id: cards[0]!.id })).json(),
    ).data;
    expect(oneTap.invoice.status).toBe('paid');
    expect(oneTap.payment).toMatchObject({ status: 'paid', next_action: null });

    const declinedStart = purchaseResponse.parse(
      (await buy(summaries[2]!, { method: 'mnt', rail: 'golomt' })).json(),
    ).data;
    const declinedPage = declinedStart.payment!.next_action!;
    if (declinedPage.kind !== 'redirect') throw new Error('expected the hosted page');
    await t.app.inject({
      url: path(declinedPage.url),
      ...form({ cardNumber: '4000 0000 0000 0002', holder: 'BOLD', expiry: '12/30', cvv: '123' }),
    });
    const declined = paymentResponse.parse(
      (await t.app.inject({ url: `/v4/billing/payments/${declinedStart.payment!.id}`, headers: as(member) })).json(),
    ).data;
    expect(declined).toMatchObject({ status: 'failed', failure: mn.money.failures.declined });
    const access = await t.app.modules!.services.entitlements.canAccess(
      t.app.modules!.kernel.root,
      member.userId,
      { type: 'summary', id: summaries[2]! },
      'summary',
    );
    expect(access.allowed).toBe(false);
    expect(await count('entitlements_grant', member.userId)).toBe(2);
  });

  it('sells a summary through HiPay: the wallet page pays, its repeated webhooks grant once', async () => {
    const member = await registerByPhone(t.app);
    const bought = purchaseResponse.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: `/v6/purchase/summary/${summaries[3]!}`,
          headers: as(member),
          payload: { method: 'mnt', rail: 'hipay' },
        })
      ).json(),
    ).data;
    const action = bought.payment!.next_action!;
    if (action.kind !== 'redirect') throw new Error('expected the wallet page');
    const checkoutId = new URL(action.url).searchParams.get('checkoutId')!;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/sandbox/hipay/form/${checkoutId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toContain(`/payment/${bought.payment!.id}`);
    await expect
      .poll(
        async () =>
          (await t.app.inject({ url: `/v4/billing/invoices/${bought.invoice.id}`, headers: as(member) })).json().data
            .status,
      )
      .toBe('paid');
    expect(await count('entitlements_grant', member.userId)).toBe(1);
    expect(await count('billing_payment', member.userId, sql`status = 'paid'`)).toBe(1);
  });

  it('sells a book with U-Point points confirmed by PIN on our page; a wrong PIN or too few points grant nothing', async () => {
    const [member, other] = [await registerByPhone(t.app), await registerByPhone(t.app)];
    const { rows } = await t.db.db.execute<{ id: number; format: string }>(sql`
      select item_id as id, format from commerce_offer
      where item_type = 'book' and active and price_mnt between 1 and 50000 order by item_id desc limit 1`);
    const book = rows[0]!;
    const bought = purchaseResponse.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: `/v6/purchase/book/${book.id}`,
          headers: as(member),
          payload: { format: book.format, method: 'mnt', rail: 'upoint' },
        })
      ).json(),
    ).data;
    const action = bought.payment!.next_action!;
    if (action.kind !== 'redirect') throw new Error('expected our U-Point page');
    const url = new URL(action.url);
    expect(url.pathname).toBe('/upoint');
    const reference = url.searchParams.get('reference')!;
    const upoint = (who: Registered, path: string, body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/v4/billing/upoint/${path}`,
        headers: as(who),
        payload: { reference, ...body },
      });

    const wrongPin = await upoint(member, 'transaction-data', { mobile: '99112233', pin: '9999' });
    expect(wrongPin.statusCode).toBe(422);
    expect(wrongPin.json().error.message).toBe(mn.money.upoint.wrong_pin);
    const poor = await upoint(member, 'create-payment', { mobile: '88112233', pin: '1234' });
    expect(poor.statusCode).toBe(422);
    expect(poor.json().error.message).toBe(mn.money.upoint.insufficient_points);
    expect((await upoint(other, 'create-payment', { mobile: '99112233', pin: '1234' })).statusCode).toBe(404);
    expect(await count('entitlements_grant', member.userId)).toBe(0);

    const balance = await upoint(member, 'transaction-data', { mobile: '99112233', pin: '1234' });
    expect(balance.json().data).toMatchObject({ enough: true, amount_mnt: bought.invoice.amount_mnt });
    const paid = await upoint(member, 'create-payment', { mobile: '99112233', pin: '1234' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paymentResponse.parse(paid.json()).data.status).toBe('paid');
    expect(await count('entitlements_grant', member.userId)).toBe(1);
    // confirming again spends nothing more
    expect((await upoint(member, 'create-payment', { mobile: '99112233', pin: '1234' })).json().data.status).toBe(
      'paid',
    );
    expect(await count('billing_payment', member.userId, sql`status = 'paid'`)).toBe(1);
  });

  it('refunds for staff only: through the rail, taking back the credits and the access the invoice gave', async () => {
    const member = await registerByPhone(t.app);
    const refund = async (invoiceId: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/staff/invoices/${invoiceId}/refund`,
        headers: { cookie: cookie ?? (await keptStaff(t.app, ['finance'])).cookie },
      });
    const pay = async (link: string) =>
      t.app.inject({
        method: 'POST',
        url: path(link),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
    // a pack bought and paid, then refunded: its credits go, the rail gives the money back
    const first = await buyPackWithQpay(member);
    if (first.payment!.next_action!.kind !== 'qr') throw new Error('expected a QR');
    await pay(first.payment!.next_action!.deeplinks[0]!.link);
    await expect.poll(() => balance(member.userId)).toBe(first.pack.credits + first.pack.bonus_credits);
    expect((await refund(first.invoice.id, 'nomsan_staff=wrong-token-wrong-token-wrong-token')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/staff/invoices/${first.invoice.id}/refund` })).statusCode,
    ).toBe(401);
    const refunded = await refund(first.invoice.id);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const requested = refundResponse.parse(refunded.json()).data;
    expect(requested).toMatchObject({ invoice_id: first.invoice.id, status: 'requested', reason: 'staff' });
    // asked again while it runs: the same refund (one per capture)
    expect((await refund(first.invoice.id)).json().data.id).toBe(requested.id);
    await runQueuedJobs(t.app);
    const invoiceNow = invoiceResponse.parse(
      (await t.app.inject({ url: `/v4/billing/invoices/${first.invoice.id}`, headers: as(member) })).json(),
    ).data;
    expect(invoiceNow).toMatchObject({ status: 'refunded', payments: [{ status: 'refunded' }] });
    const [done] = refundsResponse.parse(
      (
        await t.app.inject({
          url: `/api/staff/refunds?invoice=${first.invoice.id}`,
          headers: (await keptStaff(t.app, ['finance'])).headers,
        })
      ).json(),
    ).data;
    expect(done).toMatchObject({ id: requested.id, status: 'done', failed_step: null });
    expect(done!.steps.every((step) => step.done_at !== null)).toBe(true);
    expect(await balance(member.userId)).toBe(0);
    expect((await refund(first.invoice.id)).statusCode).toBe(422);

    // another pack whose credits were spent on an unlock: its refund is refused, nothing changes;
    // the unlock itself can be refunded (access revoked, credits given back), and then the pack
    const second = await buyPackWithQpay(member);
    if (second.payment!.next_action!.kind !== 'qr') throw new Error('expected a QR');
    await pay(second.payment!.next_action!.deeplinks[0]!.link);
    await expect.poll(() => balance(member.userId)).toBe(second.pack.credits + second.pack.bonus_credits);
    const { rows } = await t.db.db.execute<{ id: number; format: 'audiobook' | 'ebook'; credits: number }>(sql`
      select item_id as id, format, credit_price as credits from commerce_offer
      where item_type = 'book' and active and credit_price is not null and format in ('audiobook', 'ebook')
      order by item_id limit 1`);
    const book = rows[0]!;
    const unlock = purchaseResponse.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: `/v6/purchase/book/${book.id}`,
          headers: as(member),
          payload: { format: book.format, method: 'credits' },
        })
      ).json(),
    ).data;
    const left = second.pack.credits + second.pack.bonus_credits - book.credits;
    expect(await balance(member.userId)).toBe(left);
    const refused = await refund(second.invoice.id);
    expect(refused.statusCode).toBe(422);
    expect(
      (await t.app.inject({ url: `/v4/billing/invoices/${second.invoice.id}`, headers: as(member) })).json().data
        .status,
    ).toBe('paid');
    expect(await balance(member.userId)).toBe(left);

    expect((await refund(unlock.invoice.id)).statusCode).toBe(200);
    await runQueuedJobs(t.app);
    const access = await t.app.modules!.services.entitlements.canAccess(
      t.app.modules!.kernel.root,
      member.userId,
      { type: 'book', id: book.id },
      book.format,
    );
    expect(access.allowed).toBe(false);
    expect(await balance(member.userId)).toBe(left + book.credits);
    expect((await refund(second.invoice.id)).statusCode).toBe(200);
    await runQueuedJobs(t.app);
    expect(await balance(member.userId)).toBe(0);
    expect(await t.app.modules!.services.credits.ledgerSum(t.app.modules!.kernel.root, member.userId)).toBe(0);
  });

  it('saves a card without a purchase: a small charge on the bank page, the card kept, the charge given back', async () => {
    const member = await registerByPhone(t.app);
    const started = await t.app.inject({
      method: 'POST',
      url: '/v4/billing/payment-gateways/golomt-v2/cards',
      headers: as(member),
    });
    expect(started.statusCode, started.body).toBe(200);
    const payment = paymentResponse.parse(started.json()).data;
    expect(payment).toMatchObject({ rail: 'golomt', status: 'pending', amount_mnt: 100 });
    if (payment.next_action?.kind !== 'redirect') throw new Error('expected the bank page');
    await t.app.inject({
      method: 'POST',
      url: path(payment.next_action.url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        cardNumber: '4111 1111 1111 1111',
        holder: 'BOLD',
        expiry: '12/30',
        cvv: '123',
      }).toString(),
    });
    expect(
      paymentResponse.parse(
        (await t.app.inject({ url: `/v4/billing/payments/${payment.id}`, headers: as(member) })).json(),
      ).data.status,
    ).toBe('paid');
    const cards = savedCardsResponse.parse(
      (await t.app.inject({ url: '/v4/billing/payment-gateways/golomt-v2/cards', headers: as(member) })).json(),
    ).data;
    expect(cards).toHaveLength(1);
    // another member can neither see nor remove it
    const other = await registerByPhone(t.app);
    const card = `/v4/billing/payment-gateways/golomt-v2/cards/${cards[0]!.id}`;
    expect((await t.app.inject({ method: 'DELETE', url: card, headers: as(other) })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/v4/billing/payment-gateways/golomt-v2/cards', headers: as(other) })).json().data,
    ).toEqual([]);
    expect(
      (await t.app.inject({ url: '/v4/billing/payment-gateways/golomt-v2/cards', headers: as(member) })).json().data,
    ).toHaveLength(1);
    // the refund job gives the charge back
    const { kernel, services, modules } = t.app.modules!;
    const { handlers } = jobsOf(modules, kernel, services);
    await expect
      .poll(async () => {
        await t.db.db.execute(sql`update system_job set run_at = now() where state = 'queued'`);
        while (await kernel.jobs.runOne(kernel.root, handlers));
        return (await t.app.inject({ url: `/v4/billing/invoices/${payment.invoice_id}`, headers: as(member) })).json()
          .data.status;
      })
      .toBe('refunded');
    expect(await count('entitlements_grant', member.userId)).toBe(0);
  });

  it("keeps a member's saved cards from another (404), and forgets a card on request", async () => {
    const [owner, other] = [await registerByPhone(t.app), await registerByPhone(t.app)];
    const cards = (member: Registered) =>
      t.app.inject({ url: '/v4/billing/payment-gateways/golomt-v2/cards', headers: as(member) });
    expect((await cards(other)).json().data).toEqual([]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/v4/billing/payment-gateways/golomt-v2/cards/AAAAAAAAAAAAAAAAAAAA',
      headers: as(owner),
    });
    expect(removed.statusCode).toBe(404);
  });
});
