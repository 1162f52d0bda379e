import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import { purchaseResponse } from '@nomsan/contracts/money';
import {
  notificationStatusResponse,
  notificationSuccessResponse,
  notificationsResponse,
} from '@nomsan/contracts/notifications';
import { jobsOf } from '../../kernel/module';
import { transaction } from '../../kernel/unit-of-work';
import {
  createAccountsApp,
  freshIp,
  fromSite,
  lastCode,
  outbox,
  registerByPhone,
  type AccountsTestApp,
  type Registered,
} from '../../test/accounts';
import type { NewNotification } from './notifications.service';

const BASE = '/account/api/notification/user/notifications';

/** The notifications centre through the API, fed by `notify` as other modules call it. */
describe('notifications', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp({ payments: { sandbox: true } });
  });
  afterAll(() => t.close());

  const kernel = () => t.app.modules!.kernel;
  const notify = (n: NewNotification) => t.app.modules!.services.notifications.notify(kernel().root, n);
  const about = (member: Registered, title: string, extra: Partial<NewNotification> = {}): NewNotification => ({
    userId: member.userId,
    kind: 'gift_received',
    title,
    body: `${title}: дэлгэрэнгүй`,
    link: '/my-library/books',
    ...extra,
  });
  const as = (member: Registered) => ({ authorization: `Bearer ${member.token}` });
  const status = async (member: Registered) => {
    const answer = await t.app.inject({ url: `${BASE}/new?device=ios`, headers: as(member) });
    expect(answer.statusCode, answer.body).toBe(200);
    return notificationStatusResponse.parse(answer.json()).data;
  };
  const list = async (member: Registered, query = '') => {
    const answer = await t.app.inject({ url: `${BASE}${query}`, headers: as(member) });
    expect(answer.statusCode, answer.body).toBe(200);
    return notificationsResponse.parse(answer.json()).data;
  };
  const deliveryJobs = async (userId: number) => {
    const { rows } = await t.db.db.execute<{ n: number }>(sql`
      select count(*)::int as n from system_job j join notifications_item i on i.id = (j.payload->>'id')::bigint
      where j.name = 'notifications.deliver' and i.user_id = ${userId}`);
    return Number(rows[0]!.n);
  };
  const runJobs = async () => {
    const { handlers } = jobsOf(t.app.modules!.modules, kernel(), t.app.modules!.services);
    while (await kernel().jobs.runOne(kernel().root, handlers));
  };

  it('counts what is new, lists newest first a page at a time, and marks all seen', async () => {
    const member = await registerByPhone(t.app);
    expect(await status(member)).toEqual({ has_new_notifications: false, new_notifications_count: 0 });
    for (const n of [1, 2, 3]) await notify(about(member, `Мэдэгдэл ${n}`));
    expect(await status(member)).toEqual({ has_new_notifications: true, new_notifications_count: 3 });

    const first = await list(member, '?page=1&per_page=2');
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(first.data.map((item) => item.title)).toEqual(['Мэдэгдэл 3', 'Мэдэгдэл 2']);
    expect(first.data[0]).toMatchObject({
      kind: 'gift_received',
      body: 'Мэдэгдэл 3: дэлгэрэнгүй',
      link: '/my-library/books',
      seen: false,
      userEventStatus: 'new',
    });
    expect((await list(member, '?page=2&per_page=2')).data.map((item) => item.title)).toEqual(['Мэдэгдэл 1']);

    const marked = await t.app.inject({
      method: 'POST',
      url: `${BASE}/mark-all-seen`,
      headers: as(member),
      payload: { credentials: true },
    });
    expect(notificationSuccessResponse.parse(marked.json())).toEqual({ data: { success: true } });
    expect(await status(member)).toEqual({ has_new_notifications: false, new_notifications_count: 0 });
    expect((await list(member)).data.every((item) => item.seen && item.userEventStatus === 'seen')).toBe(true);
    // one that comes later is new again
    await notify(about(member, 'Дараагийнх'));
    expect(await status(member)).toEqual({ has_new_notifications: true, new_notifications_count: 1 });
  });

  it('marks seen from the site with the session cookie, as the web does', async () => {
    const member = await registerByPhone(t.app);
    await notify(about(member, 'Күүкитэй'));
    const marked = await t.app.inject({
      method: 'POST',
      url: `${BASE}/mark-all-seen`,
      headers: fromSite(member.jar),
      payload: { credentials: true },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await status(member)).new_notifications_count).toBe(0);
  });

  it('writes in the caller’s transaction: a cause that rolls back leaves no notification and no message', async () => {
    const member = await registerByPhone(t.app);
    await expect(
      transaction(kernel().root, async (tx) => {
        await t.app.modules!.services.notifications.notify(tx, about(member, 'Болоогүй', { channels: ['sms'] }));
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await status(member)).toEqual({ has_new_notifications: false, new_notifications_count: 0 });
    expect((await list(member)).total).toBe(0);
    expect(await deliveryJobs(member.userId)).toBe(0);
  });

  it('tells a cause once: a second notify with the same key changes nothing', async () => {
    const member = await registerByPhone(t.app);
    const once = about(member, 'Түрээс дуусах гэж байна', {
      kind: 'rental_ending',
      dedupeKey: 'rental:42:ending',
      channels: ['sms'],
    });
    await notify(once);
    await notify({ ...once, title: 'Өөр гарчиг' });
    const { data, total } = await list(member);
    expect(total).toBe(1);
    expect(data[0]!.title).toBe('Түрээс дуусах гэж байна');
    expect(await deliveryJobs(member.userId)).toBe(1);
    // the same key is another member's own cause
    const other = await registerByPhone(t.app);
    await notify({ ...once, userId: other.userId });
    expect((await list(other)).total).toBe(1);
    // removed, the cause is still told: no second one comes back
    await t.app.inject({ method: 'DELETE', url: `${BASE}/${data[0]!.id}`, headers: as(member) });
    await notify(once);
    expect((await list(member)).total).toBe(0);
  });

  it('refuses a notification that does not fit (a link off the store), in the caller’s transaction', async () => {
    const member = await registerByPhone(t.app);
    await expect(notify(about(member, 'Гадагш', { link: '//evil.example/x' }))).rejects.toThrow();
    await expect(notify(about(member, 'Скрипт', { link: 'javascript:alert(1)' }))).rejects.toThrow();
    await expect(notify(about(member, ' ', {}))).rejects.toThrow();
    expect((await list(member)).total).toBe(0);
  });

  it('drops a removed notification from the list and the count; another member’s is not found', async () => {
    const [owner, other] = [await registerByPhone(t.app), await registerByPhone(t.app)];
    await notify(about(owner, 'Үлдэх'));
    await notify(about(owner, 'Устгах'));
    const [removable] = (await list(owner)).data;
    expect(removable!.title).toBe('Устгах');

    const steal = await t.app.inject({ method: 'DELETE', url: `${BASE}/${removable!.id}`, headers: as(other) });
    expect(steal.statusCode).toBe(404);
    expect(steal.json().error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/[а-яөү]/i) });
    expect((await list(owner)).total).toBe(2);

    const removed = await t.app.inject({ method: 'DELETE', url: `${BASE}/${removable!.id}`, headers: as(owner) });
    expect(notificationSuccessResponse.parse(removed.json()).data.success).toBe(true);
    const after = await list(owner);
    expect(after.data.map((item) => item.title)).toEqual(['Үлдэх']);
    expect(after.data.some((item) => item.userEventStatus === 'deleted')).toBe(false);
    expect(await status(owner)).toEqual({ has_new_notifications: true, new_notifications_count: 1 });
    // removing it again is no error for its owner
    const again = await t.app.inject({ method: 'DELETE', url: `${BASE}/${removable!.id}`, headers: as(owner) });
    expect(again.statusCode).toBe(200);
  });

  it('answers a visitor 401 and bad input 400, in Mongolian', async () => {
    for (const [method, url] of [
      ['GET', `${BASE}/new?device=ios`],
      ['GET', BASE],
      ['POST', `${BASE}/mark-all-seen`],
      ['DELETE', `${BASE}/1`],
    ] as const) {
      const answer = await t.app.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: { credentials: true } } : {}),
      });
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
    }
    const member = await registerByPhone(t.app);
    for (const [method, url, payload] of [
      ['GET', `${BASE}?per_page=1000`, undefined],
      ['GET', `${BASE}?page=0`, undefined],
      ['GET', `${BASE}/new?device=${'x'.repeat(40)}`, undefined],
      ['POST', `${BASE}/mark-all-seen`, { credentials: true, all: true }],
      ['POST', `${BASE}/mark-all-seen`, { credentials: 'yes' }],
      ['DELETE', `${BASE}/0x10`, undefined],
    ] as const) {
      const answer = await t.app.inject({ method, url, headers: as(member), ...(payload ? { payload } : {}) });
      expect(answer.statusCode, `${method} ${url}`).toBe(400);
      expect(answer.json().error.message).toMatch(/[а-яөү]/i);
    }
  });

  it('tells the member by SMS and e-mail through a job, to their verified phone and address', async () => {
    const member = await registerByPhone(t.app);
    const email = `notify-${member.userId}@example.mn`;
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, remoteAddress: freshIp(), headers: fromSite(member.jar), payload });
    const sent = await post('/v4/auth/otp', { purpose: 'verify_email', email });
    const verified = await post('/v4/auth/otp:verify', {
      challenge_id: sent.json().data.challenge_id,
      purpose: 'verify_email',
      code: await lastCode(t.app, email),
    });
    expect(verified.statusCode, verified.body).toBe(200);

    await notify(
      about(member, 'Захиалга сунгагдлаа', {
        kind: 'subscription_renewed',
        body: 'Таны аудио захиалга нэг сараар сунгагдлаа.',
        link: '/my-library/service',
        channels: ['sms', 'email'],
      }),
    );
    // nothing leaves before the job runs
    expect((await outbox(t.app, member.phone)).some((m) => m.text.includes('Захиалга сунгагдлаа'))).toBe(false);
    await runJobs();
    const [sms] = await outbox(t.app, member.phone);
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sms!.text).toContain('Захиалга сунгагдлаа');
    expect(sms!.text).toContain('http://localhost:3000/my-library/service');
    await expect
      .poll(async () => (await outbox(t.app, email)).find((m) => m.subject === 'Захиалга сунгагдлаа'))
      .toMatchObject({ channel: 'email', text: expect.stringContaining('Таны аудио захиалга нэг сараар сунгагдлаа.') });
    // run again: each message went once
    await runJobs();
    expect((await outbox(t.app, member.phone)).filter((m) => m.text.includes('Захиалга сунгагдлаа'))).toHaveLength(1);
  });

  it('sends a receipt to the list when a purchase is paid (QPay sandbox), once', async () => {
    const member = await registerByPhone(t.app);
    const packs = (await t.app.inject('/v5/credit/packs')).json().data as { id: number }[];
    expect(packs.length).toBeGreaterThan(0);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/v6/purchase/credit-pack',
      headers: { ...as(member), 'idempotency-key': crypto.randomUUID() },
      payload: { pack_id: packs[0]!.id, method: 'mnt', rail: 'qpay' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { invoice, payment } = purchaseResponse.parse(answer.json()).data;
    if (payment?.next_action?.kind !== 'qr') throw new Error('expected a QR');
    const link = new URL(payment.next_action.deeplinks[0]!.link);
    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: `${link.pathname}${link.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
    expect((await pay()).statusCode).toBe(200);
    await expect.poll(async () => (await list(member)).total).toBe(1);
    const [receipt] = (await list(member)).data;
    expect(receipt).toMatchObject({ kind: 'receipt', title: 'Төлбөр амжилттай', link: `/invoice/${invoice.id}` });
    expect(receipt!.body).toContain(invoice.description);
    await pay();
    expect((await list(member)).total).toBe(1);
  });
});
