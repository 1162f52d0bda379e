import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mn } from '@nomsan/contracts/messages';
import { passesResponse } from '@nomsan/contracts/subscriptions';
import { DAY_MS } from '../../lib/clock';
import { createAccountsApp, registerByPhone, type AccountsTestApp, type Registered } from '../../test/accounts';

/**
 * `GET /v6/subscription/passes`: every pass a member holds in force or ahead, whatever gave it
 * (a subscription's period, a promo code, a gift card), so a pass that opens titles is never
 * out of the member's sight; another member's passes are never listed.
 */
describe('the passes a member holds', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp({ payments: { sandbox: true } });
  });
  afterAll(() => t.close());

  const services = () => t.app.modules!.services;
  const root = () => t.app.modules!.kernel.root;
  const passesOf = async (member: Registered) => {
    const answer = await t.app.inject({
      url: '/v6/subscription/passes',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return passesResponse.parse(answer.json()).data.passes;
  };
  const redeem = (member: Registered, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v5/coupon/redeem',
      headers: { authorization: `Bearer ${member.token}`, 'idempotency-key': crypto.randomUUID() },
      payload: { code },
    });

  it('lists a promo code’s, a gift card’s and a subscription’s passes with their source, scope and dates', async () => {
    const member = await registerByPhone(t.app);
    const other = await registerByPhone(t.app);
    const now = t.clock.now();
    expect((await redeem(member, 'audio7')).statusCode).toBe(200);
    const gift = await services().commerce.codes.createGift(root(), {
      source: `test:passes:${member.userId}`,
      title: 'Цахим номын 30 хоног',
      benefit: { type: 'subscription_days', scope: 'ebook', days: 30 },
      senderUserId: other.userId,
      recipient: '99112233',
      message: null,
    });
    expect((await redeem(member, gift.code)).statusCode).toBe(200);
    await services().entitlements.grantPass(root(), {
      userId: member.userId,
      scope: 'summary',
      source: 'subscription:test:1:',
      startsAt: new Date(now.getTime() + 2 * DAY_MS),
      endsAt: new Date(now.getTime() + 32 * DAY_MS),
    });

    const passes = await passesOf(member);
    expect(passes).toEqual([
      {
        source: 'promo',
        title: '7 хоног аудио ном үнэгүй',
        scope: 'audio',
        starts_at: now.toISOString(),
        ends_at: new Date(now.getTime() + 7 * DAY_MS).toISOString(),
      },
      {
        source: 'gift',
        title: 'Цахим номын 30 хоног',
        scope: 'ebook',
        starts_at: now.toISOString(),
        ends_at: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
      },
      // one starting later is listed too (a paid next period)
      {
        source: 'subscription',
        title: null,
        scope: 'summary',
        starts_at: new Date(now.getTime() + 2 * DAY_MS).toISOString(),
        ends_at: new Date(now.getTime() + 32 * DAY_MS).toISOString(),
      },
    ]);
    // the other member (the gift's sender) holds none of them
    expect(await passesOf(other)).toEqual([]);

    // an ended pass is no longer listed
    t.clock.advance(8 * DAY_MS);
    expect((await passesOf(member)).map((p) => p.source)).toEqual(['gift', 'subscription']);
  });

  it('asks a visitor to sign in, in Mongolian', async () => {
    const answer = await t.app.inject({ url: '/v6/subscription/passes' });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().error.message).toBe(mn.errors.UNAUTHORIZED);
  });
});
