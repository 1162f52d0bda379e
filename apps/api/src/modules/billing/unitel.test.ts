import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mn } from '@nomsan/contracts/messages';
import {
  plansResponse,
  subscriptionPurchaseResponse,
  subscriptionStatusResponse,
  unitelConsentResponse,
  type Plan,
} from '@nomsan/contracts/subscriptions';
import { UNITEL_TEST_NUMBERS } from '@nomsan/sandbox/unitel';
import { DAY_MS, MINUTE_MS } from '../../lib/clock';
import { jobsOf } from '../../kernel/module';
import {
  createAccountsApp,
  lastCode,
  registerByPhone,
  type AccountsTestApp,
  type Registered,
} from '../../test/accounts';
import { RENEW_AHEAD_MS } from './subscriptions.service';

let counter = 0;
/** a fresh Unitel number that pays */
const unitelPhone = () => `88${String((process.pid * 31 + ++counter * 7919) % 1_000_000).padStart(6, '0')}`;

/**
 * Unitel carrier billing end to end through its sandbox: the consent code (texted through the
 * sandbox SMS gateway), a subscription charged to the phone bill, its renewals as the clock
 * moves, a renewal refused for the balance (past due, like a declined card), and refusals.
 */
describe('Unitel carrier billing', () => {
  let t: AccountsTestApp;
  let plans: Plan[];
  beforeAll(async () => {
    t = await createAccountsApp({ payments: { sandbox: true } });
    plans = plansResponse.parse((await t.app.inject('/v5/unitel/renting/plans?type=audio&u=0')).json()).data;
  });
  afterAll(() => t.close());

  const services = () => t.app.modules!.services;
  const root = () => t.app.modules!.kernel.root;
  const as = (member: Registered, key = crypto.randomUUID()) => ({
    authorization: `Bearer ${member.token}`,
    'idempotency-key': key,
  });
  const post = (member: Registered, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: as(member), payload });
  const status = async (member: Registered) =>
    subscriptionStatusResponse.parse(
      (await t.app.inject({ url: '/v6/subscription/status', headers: as(member) })).json(),
    ).data;
  /** moves the clock to a renewal's time in steps, the member's session kept in use (it ends after 30 idle days) */
  async function advanceTo(member: Registered, at: number) {
    while (t.clock.now().getTime() < at) {
      t.clock.advance(Math.min(10 * DAY_MS, at - t.clock.now().getTime()));
      await status(member);
    }
  }
  async function runJobs() {
    const { modules, kernel } = t.app.modules!;
    const { handlers } = jobsOf(modules, kernel, services());
    await services().billing.subscriptions.runDue(root());
    while (await kernel.jobs.runOne(root(), handlers));
  }

  /** the code Unitel texted, checked: the member's consent token */
  async function consent(member: Registered, phone: string): Promise<string> {
    const sent = await post(member, '/v4/billing/unitel/otp/send', { phone });
    expect(sent.statusCode, sent.body).toBe(200);
    const checked = await post(member, '/v4/billing/unitel/otp/check', { phone, code: await lastCode(t.app, phone) });
    expect(checked.statusCode, checked.body).toBe(200);
    return unitelConsentResponse.parse(checked.json()).data.token;
  }

  it('lists the plans sold through Unitel by scope, or all', async () => {
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.every((plan) => plan.scope === 'audio')).toBe(true);
    const all = plansResponse.parse((await t.app.inject('/v5/unitel/renting/plans?u=0')).json()).data;
    expect(new Set(all.map((plan) => plan.scope))).toEqual(new Set(['audio', 'ebook', 'summary', 'credit']));
    expect((await t.app.inject('/v5/unitel/renting/plans?type=music')).statusCode).toBe(400);
  });

  it('subscribes on the phone bill through the code, and renews on the consent as the clock moves', async () => {
    const member = await registerByPhone(t.app);
    const phone = unitelPhone();
    const token = await consent(member, phone);
    const key = crypto.randomUUID();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/v4/billing/unitel/subscriptions',
      headers: as(member, key),
      payload: { plan_id: plans[0]!.id, phone, token },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const started = subscriptionPurchaseResponse.parse(answer.json()).data;
    expect(started.payment).toMatchObject({ rail: 'unitel', status: 'paid' });
    expect(started.invoice.status).toBe('paid');
    // the same key answers the same purchase
    const again = await t.app.inject({
      method: 'POST',
      url: '/v4/billing/unitel/subscriptions',
      headers: as(member, key),
      payload: { plan_id: plans[0]!.id, phone, token },
    });
    expect(again.json().data.subscription_id).toBe(started.subscription_id);

    const [live] = (await status(member)).subscriptions;
    expect(live).toMatchObject({
      status: 'active',
      rail: 'unitel',
      renewal: 'carrier',
      renews: true,
      card: { brand: 'Unitel', masked_number: `${phone.slice(0, 2)}**${phone.slice(-4)}` },
    });
    const end = new Date(live!.current_period_end!);
    await advanceTo(member, end.getTime() - RENEW_AHEAD_MS + MINUTE_MS);
    await runJobs();
    const [renewed] = (await status(member)).subscriptions;
    expect(renewed).toMatchObject({ status: 'active', renewal: 'carrier' });
    expect(new Date(renewed!.current_period_start!).getTime()).toBe(end.getTime());
  });

  it('puts a renewal refused for the balance past due, like a declined card', async () => {
    const member = await registerByPhone(t.app);
    const phone = UNITEL_TEST_NUMBERS.paysOnce;
    const token = await consent(member, phone);
    const answer = await post(member, '/v4/billing/unitel/subscriptions', { plan_id: plans[0]!.id, phone, token });
    expect(answer.statusCode, answer.body).toBe(200);
    const [live] = (await status(member)).subscriptions;
    const end = new Date(live!.current_period_end!);
    await advanceTo(member, end.getTime() - RENEW_AHEAD_MS + MINUTE_MS);
    await runJobs();
    const [failed] = (await status(member)).subscriptions;
    expect(failed).toMatchObject({ status: 'past_due', renews: true, renewal: 'carrier' });
    expect(failed!.grace_ends_at).not.toBeNull();
  });

  it('refuses a wrong code, another carrier’s number, an empty balance and another member’s token', async () => {
    const member = await registerByPhone(t.app);
    const other = await registerByPhone(t.app);

    const notUnitel = await post(member, '/v4/billing/unitel/otp/send', { phone: UNITEL_TEST_NUMBERS.notUnitel });
    expect(notUnitel.statusCode).toBe(422);
    expect(notUnitel.json().error.message).toBe(mn.unitel.notUnitel);

    const phone = unitelPhone();
    expect((await post(member, '/v4/billing/unitel/otp/send', { phone })).statusCode).toBe(200);
    const tooSoon = await post(member, '/v4/billing/unitel/otp/send', { phone });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.message).toBe(mn.unitel.sendTooSoon);
    const code = await lastCode(t.app, phone);
    const wrong = await post(member, '/v4/billing/unitel/otp/check', {
      phone,
      code: code === '000000' ? '000001' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.message).toBe(mn.unitel.otpInvalid);
    const checked = await post(member, '/v4/billing/unitel/otp/check', { phone, code });
    const token = unitelConsentResponse.parse(checked.json()).data.token;

    // someone else's token, or the token for another number, is refused
    const stolen = await post(other, '/v4/billing/unitel/subscriptions', { plan_id: plans[0]!.id, phone, token });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().error.message).toBe(mn.unitel.tokenInvalid);
    const otherNumber = await post(member, '/v4/billing/unitel/subscriptions', {
      plan_id: plans[0]!.id,
      phone: unitelPhone(),
      token,
    });
    expect(otherNumber.statusCode).toBe(422);
    // and a token past its ten minutes
    t.clock.advance(11 * MINUTE_MS);
    const stale = await post(member, '/v4/billing/unitel/subscriptions', { plan_id: plans[0]!.id, phone, token });
    expect(stale.json().error.message).toBe(mn.unitel.tokenInvalid);

    const poor = UNITEL_TEST_NUMBERS.insufficientBalance;
    const poorToken = await consent(other, poor);
    const refused = await post(other, '/v4/billing/unitel/subscriptions', {
      plan_id: plans[0]!.id,
      phone: poor,
      token: poorToken,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(mn.unitel.insufficientBalance);
    expect((await status(other)).subscriptions).toHaveLength(0);
  });
});
