import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import { mn } from '@nomsan/contracts/messages';
import { campaignsResponse, giftCardsResponse, redeemResponse } from '@nomsan/contracts/codes';
import { purchaseResponse } from '@nomsan/contracts/money';
import { jobsOf } from '../../kernel/module';
import { payByQpay } from '../../test/payments';
import { createAccountsApp, outbox, registerByPhone, type AccountsTestApp, type Registered } from '../../test/accounts';

/**
 * Promo codes and gift cards: what a code gives (credits, subscription days), once per member,
 * wrong codes slowed down, a code's limit held exactly by 100 members redeeming at once, and a
 * gift card bought, sent by SMS, redeemed by its recipient and listed for both.
 */
describe('promo codes and gift cards', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp({ payments: { sandbox: true } });
  });
  afterAll(() => t.close());

  const services = () => t.app.modules!.services;
  const root = () => t.app.modules!.kernel.root;
  const as = (member: Registered, key = crypto.randomUUID()) => ({
    authorization: `Bearer ${member.token}`,
    'idempotency-key': key,
  });
  const redeem = (member: Registered, code: string, ip?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v5/coupon/redeem',
      headers: as(member),
      payload: { code },
      ...(ip ? { remoteAddress: ip } : {}),
    });
  async function runJobs() {
    const { modules, kernel } = t.app.modules!;
    const { handlers } = jobsOf(modules, kernel, services());
    while (await kernel.jobs.runOne(root(), handlers));
  }

  it('gives a campaign’s credit once per member, however the code is typed', async () => {
    const campaigns = campaignsResponse.parse((await t.app.inject('/v5/promo/campaigns')).json()).data;
    const credit = campaigns.find((c) => c.benefit.type === 'credits')!;
    const member = await registerByPhone(t.app);
    const first = await redeem(
      member,
      ` ${credit.code.toLowerCase().slice(0, 4)}-${credit.code.toLowerCase().slice(4)} `,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(redeemResponse.parse(first.json()).data).toMatchObject({
      kind: 'promo',
      benefit: { type: 'credits', credits: 1 },
    });
    expect(await services().credits.balance(root(), member.userId)).toBe(1);
    const again = await redeem(member, credit.code);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(mn.codes.alreadyRedeemed);
    expect(await services().credits.balance(root(), member.userId)).toBe(1);
  });

  it('opens a week of audio books with a days code, after what already opens them', async () => {
    const campaigns = campaignsResponse.parse((await t.app.inject('/v5/promo/campaigns')).json()).data;
    const days = campaigns.find((c) => c.benefit.type === 'subscription_days')!;
    const member = await registerByPhone(t.app);
    expect((await redeem(member, days.code)).statusCode).toBe(200);
    const passes = await services().entitlements.passes(root(), member.userId);
    expect(passes.audio!.getTime() - t.clock.now().getTime()).toBe(7 * 86_400_000);
  });

  it('answers a wrong code clearly, and slows down whoever guesses', async () => {
    const member = await registerByPhone(t.app);
    const ip = '203.0.113.77';
    for (let i = 0; i < 5; i++) {
      const wrong = await redeem(member, `WRONG${i}CODE`, ip);
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().error.message).toBe(mn.codes.invalid);
    }
    const slowed = await redeem(member, 'WRONG9CODE', ip);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error.message).toBe(mn.codes.tooManyTries);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    const empty = await redeem(member, '   ');
    expect(empty.statusCode).toBe(400);
  });

  it('keeps a title code unused for a member who holds the title already (409), and gives it to one who does not', async () => {
    const { rows } = await t.db.db.execute<{ id: number; credits: number }>(sql`
      select item_id as id, credit_price as credits from commerce_offer
      where item_type = 'book' and format = 'ebook' and active and credit_price is not null order by item_id limit 1`);
    const book = rows[0]!;
    await services().commerce.codes.createPromo(root(), {
      code: 'ONEBOOK1',
      title: 'Нэг ном',
      benefit: { type: 'title', itemType: 'book', itemId: book.id, format: 'ebook' },
      maxRedemptions: 5,
      source: 'test:onebook',
    });
    const owner = await registerByPhone(t.app);
    await services().credits.add(root(), {
      userId: owner.userId,
      credits: book.credits,
      kind: 'bonus',
      description: 'test',
      entryKey: crypto.randomUUID(),
    });
    const bought = await t.app.inject({
      method: 'POST',
      url: `/v6/purchase/book/${book.id}`,
      headers: { authorization: `Bearer ${owner.token}`, 'idempotency-key': crypto.randomUUID() },
      payload: { format: 'ebook', method: 'credits' },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const refused = await redeem(owner, 'ONEBOOK1', '203.0.113.90');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(mn.money.alreadyOwned);
    const newcomer = await registerByPhone(t.app);
    expect((await redeem(newcomer, 'ONEBOOK1', '203.0.113.91')).statusCode).toBe(200);
    const { rows: used } = await t.db.db.execute<{ count: number }>(
      sql`select redeemed_count as count from commerce_code where code = 'ONEBOOK1'`,
    );
    expect(used[0]!.count).toBe(1);
  });

  it('slows down wrong codes sent all at once just the same: five free tries, the rest 429', async () => {
    const member = await registerByPhone(t.app);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => redeem(member, `WRONG${i}ATONCE`, '203.0.113.78')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
  });

  it('holds a code’s limit exactly when 100 members redeem it at once', async () => {
    await services().commerce.codes.createPromo(root(), {
      code: 'LIMITED10',
      title: 'Эхний 10 хүнд',
      benefit: { type: 'credits', credits: 2 },
      maxRedemptions: 10,
      source: 'test:limited10',
    });
    const members = [];
    for (let i = 0; i < 100; i++) members.push(await registerByPhone(t.app));
    const answers = await Promise.all(members.map((member, i) => redeem(member, 'LIMITED10', `198.51.100.${i + 1}`)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(90);
    expect(answers.find((a) => a.statusCode === 422)!.json().error.message).toBe(mn.codes.usedUp);
    const { rows } = await t.db.db.execute<{ count: number; redemptions: number; credited: number }>(sql`
      select c.redeemed_count as count,
        (select count(*)::int from commerce_code_redemption r where r.code_id = c.id) as redemptions,
        (select count(*)::int from credits_ledger l where l.entry_key like ${`code:${'%'}`} and l.delta = 2) as credited
      from commerce_code c where c.code = 'LIMITED10'`);
    expect(rows[0]).toMatchObject({ count: 10, redemptions: 10, credited: 10 });
    // 100 members registered and redeeming at once: about 20 s on an idle two-core machine
  }, 90_000);

  it('sends a bought gift card by SMS; its recipient redeems it; both see it in their cards', async () => {
    const [sender, recipient, other] = [
      await registerByPhone(t.app),
      await registerByPhone(t.app),
      await registerByPhone(t.app),
    ];
    const plans = (await t.app.inject('/v6/subscription/plans')).json().data as { id: number; code: string }[];
    const plan = plans.find((p) => p.code === 'audio-1m')!;
    const bought = await t.app.inject({
      method: 'POST',
      url: '/v6/purchase/gift',
      headers: as(sender),
      payload: {
        gift: { kind: 'plan', plan_id: plan.id },
        recipient_phone: recipient.phone,
        message: 'Төрсөн өдрийн мэнд!',
        method: 'mnt',
        rail: 'qpay',
      },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const { invoice, payment } = purchaseResponse.parse(bought.json()).data;
    expect(invoice.lines[0]).toMatchObject({ item_type: 'gift' });
    await payByQpay(t.app, { payment });
    await expect
      .poll(
        async () =>
          (await t.app.inject({ url: `/v4/billing/invoices/${invoice.id}`, headers: as(sender) })).json().data.status,
      )
      .toBe('paid');
    await runJobs();
    const cards = () =>
      t.app.inject({ url: '/v5/gift-cards', headers: as(sender) }).then((r) => giftCardsResponse.parse(r.json()).data);
    const [card] = (await cards()).sent;
    expect(card).toMatchObject({ recipient: recipient.phone, redeemed: false, message: 'Төрсөн өдрийн мэнд!' });
    const sms = (await outbox(t.app, recipient.phone)).find((m) => m.text.includes(card!.code));
    expect(sms?.text).toContain(`/coupon/${card!.code}`);
    const { rows } = await t.db.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications_item where user_id = ${recipient.userId} and kind = 'gift_received'`,
    );
    expect(Number(rows[0]!.n)).toBe(1);

    const redeemed = await redeem(recipient, card!.code);
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemResponse.parse(redeemed.json()).data).toMatchObject({
      kind: 'gift',
      benefit: { type: 'subscription_days', scope: 'audio', days: 30 },
      link: '/subscription',
    });
    expect((await services().entitlements.passes(root(), recipient.userId)).audio).not.toBeNull();
    // a gift card is one redemption
    const late = await redeem(other, card!.code);
    expect(late.statusCode).toBe(422);
    expect((await cards()).sent[0]).toMatchObject({ redeemed: true });
    const received = giftCardsResponse.parse(
      (await t.app.inject({ url: '/v5/gift-cards', headers: as(recipient) })).json(),
    ).data.received;
    expect(received).toEqual([expect.objectContaining({ code: card!.code, redeemed: true })]);
    expect(
      giftCardsResponse.parse((await t.app.inject({ url: '/v5/gift-cards', headers: as(other) })).json()).data,
    ).toEqual({ sent: [], received: [] });
  });

  describe('a code giving a discount on a plan', () => {
    const plans = async () =>
      (await t.app.inject('/v6/subscription/plans')).json().data as {
        id: number;
        code: string;
        scope: string;
        price_mnt: number;
      }[];
    const subscribe = (member: Registered, planId: number, code?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v4/billing/subscriptions',
        headers: as(member),
        payload: { plan_id: planId, rail: 'qpay', ...(code ? { code } : {}) },
      });
    const counted = async (code: string) => {
      const { rows } = await t.db.db.execute<{ count: number; redemptions: number; used_for: string | null }>(sql`
        select c.redeemed_count as count,
          (select count(*)::int from commerce_code_redemption r where r.code_id = c.id) as redemptions,
          (select max(r.used_for) from commerce_code_redemption r where r.code_id = c.id) as used_for
        from commerce_code c where c.code = ${code}`);
      return rows[0]!;
    };

    it('is checked without being used, then taken by the subscription it opens, once', async () => {
      await services().commerce.codes.createPromo(root(), {
        code: 'AUDIOHALF',
        title: 'Аудио багц хагас үнээр',
        benefit: { type: 'plan_discount', percent: 50, scope: 'audio' },
        maxRedemptions: 3,
        source: 'test:audiohalf',
      });
      const audio = (await plans()).find((p) => p.code === 'audio-1m')!;
      const ebook = (await plans()).find((p) => p.scope === 'ebook')!;
      const member = await registerByPhone(t.app);

      // /v5/coupon/redeem and the plans page's check: the terms and a link, nothing used
      const checked = await redeem(member, 'audiohalf');
      expect(checked.statusCode, checked.body).toBe(200);
      expect(redeemResponse.parse(checked.json()).data).toMatchObject({
        benefit: { type: 'plan_discount', percent: 50, scope: 'audio' },
        link: '/subscription/audio?code=AUDIOHALF',
      });
      const terms = await t.app.inject({ url: '/v5/coupon/plan-discount?code=AUDIOHALF', headers: as(member) });
      expect(terms.json().data).toEqual({
        code: 'AUDIOHALF',
        title: 'Аудио багц хагас үнээр',
        percent: 50,
        scope: 'audio',
      });
      expect(await counted('AUDIOHALF')).toMatchObject({ count: 0, redemptions: 0 });

      // another scope's plan, or a code of another kind, is refused and writes nothing
      const wrongPlan = await subscribe(member, ebook.id, 'AUDIOHALF');
      expect(wrongPlan.statusCode).toBe(422);
      expect(wrongPlan.json().error.message).toBe(mn.codes.otherPlans('Аудио ном'));
      const campaigns = campaignsResponse.parse((await t.app.inject('/v5/promo/campaigns')).json()).data;
      const credit = campaigns.find((c) => c.benefit.type === 'credits')!;
      const notForPlans = await subscribe(member, audio.id, credit.code);
      expect(notForPlans.statusCode).toBe(422);
      expect(notForPlans.json().error.message).toBe(mn.codes.notForPlans);
      expect((await t.app.inject({ url: '/v6/subscription/status', headers: as(member) })).json().data).toMatchObject({
        subscriptions: [],
      });

      // the first period at half price; an attempt left unpaid gives the discount to the next
      const halfPriceOnce = async () => {
        const answer = await subscribe(member, audio.id, 'AUDIOHALF');
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json().data.invoice.amount_mnt).toBe(Math.round(audio.price_mnt / 2));
        expect(await counted('AUDIOHALF')).toMatchObject({
          count: 1,
          redemptions: 1,
          used_for: `subscription:${answer.json().data.subscription_id}`,
        });
        return answer.json().data;
      };
      await halfPriceOnce();
      await payByQpay(t.app, await halfPriceOnce());
      await expect
        .poll(
          async () =>
            (await t.app.inject({ url: '/v6/subscription/status', headers: as(member) })).json().data.subscriptions[0]
              ?.status,
        )
        .toBe('active');
      // paid: the code is used
      const used = await t.app.inject({ url: '/v5/coupon/plan-discount?code=AUDIOHALF', headers: as(member) });
      expect(used.statusCode).toBe(409);
      expect(used.json().error.message).toBe(mn.codes.alreadyRedeemed);
    });

    it('holds its limit exactly when 20 members subscribe with it at once', async () => {
      await services().commerce.codes.createPromo(root(), {
        code: 'FIRSTFIVE',
        title: 'Эхний 5 захиалагчид',
        benefit: { type: 'plan_discount', percent: 30, scope: null },
        maxRedemptions: 5,
        source: 'test:firstfive',
      });
      const audio = (await plans()).find((p) => p.code === 'audio-1m')!;
      const members = [];
      for (let i = 0; i < 20; i++) members.push(await registerByPhone(t.app));
      const answers = await Promise.all(members.map((member) => subscribe(member, audio.id, 'FIRSTFIVE')));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 422)).toHaveLength(15);
      expect(answers.find((a) => a.statusCode === 422)!.json().error.message).toBe(mn.codes.usedUp);
      for (const answer of answers.filter((a) => a.statusCode === 200)) {
        expect(answer.json().data.invoice.amount_mnt).toBe(Math.round((audio.price_mnt * 70) / 100));
      }
      expect(await counted('FIRSTFIVE')).toMatchObject({ count: 5, redemptions: 5 });
      // the refused ones opened nothing
      const { rows } = await t.db.db.execute<{ n: number }>(sql`
        select count(*)::int as n from billing_subscription
        where user_id in (${sql.join(
          members.map((m) => sql`${m.userId}`),
          sql`, `,
        )})`);
      expect(Number(rows[0]!.n)).toBe(5);
    });
  });
});
