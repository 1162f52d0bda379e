import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import { mn } from '@nomsan/contracts/messages';
import { purchaseResponse, RENTAL_CREDIT_PRICE } from '@nomsan/contracts/money';
import { DAY_MS, HOUR_MS, MINUTE_MS, offsetClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../test/app';
import { runQueuedJobs } from '../../test/jobs';
import { payByQpay } from '../../test/payments';
import { createAccountsApp, registerByPhone, type AccountsTestApp, type Registered } from '../../test/accounts';

/**
 * Rentals through QPay's sandbox and with credits: access for the offer's days from the payment,
 * to the minute, in the players too (the playback session and its licence); the warning a day
 * ahead and the notice at the end; rentables lists; another member's rentals unseen.
 */
describe('rentals', () => {
  let t: AccountsTestApp;
  let rentable: { id: number; format: 'audiobook' | 'ebook'; days: number; price: number; credits: boolean }[];
  beforeAll(async () => {
    t = await createAccountsApp({ payments: { sandbox: true } });
    const { rows } = await t.db.db.execute<{
      id: number;
      format: 'audiobook' | 'ebook';
      days: number;
      price: number;
      credit: number | null;
    }>(sql`
      select item_id as id, format, rental_days as days, rental_price_mnt as price, credit_price as credit
      from commerce_offer
      where item_type = 'book' and active and rental_days is not null order by item_id limit 40`);
    rentable = rows.map((r) => ({ ...r, credits: r.credit !== null }));
  });
  afterAll(() => t.close());

  const services = () => t.app.modules!.services;
  const root = () => t.app.modules!.kernel.root;
  const as = (member: Registered, key = crypto.randomUUID()) => ({
    authorization: `Bearer ${member.token}`,
    'idempotency-key': key,
  });
  const access = (member: Registered, id: number, format: 'audiobook' | 'ebook') =>
    services().entitlements.canAccess(root(), member.userId, { type: 'book', id }, format);
  const notices = async (member: Registered, kind: string) => {
    const { rows } = await t.db.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications_item where user_id = ${member.userId} and kind = ${kind}`,
    );
    return Number(rows[0]!.n);
  };

  async function rentWithQpay(member: Registered, id: number, format: 'audiobook' | 'ebook') {
    const answer = await t.app.inject({
      method: 'POST',
      url: `/v5/books/${id}/rent`,
      headers: as(member),
      payload: { method: 'mnt', rail: 'qpay', format },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { invoice, payment } = purchaseResponse.parse(answer.json()).data;
    await payByQpay(t.app, { payment });
    await expect
      .poll(
        async () =>
          (await t.app.inject({ url: `/v4/billing/invoices/${invoice.id}`, headers: as(member) })).json().data.status,
      )
      .toBe('paid');
    return invoice;
  }

  it('lists what can be rented, by group (1 audio books, 4 e-books)', async () => {
    const all = (await t.app.inject('/v5/subscription/rentables')).json().data;
    expect(all.total).toBeGreaterThan(0);
    const audio = (await t.app.inject('/api/web/subscription/rentables?filter[group_id]=1')).json().data;
    const ebooks = (await t.app.inject('/api/web/subscription/rentables?filter[group_id]=4')).json().data;
    expect(audio.total + ebooks.total).toBeGreaterThanOrEqual(all.total);
    expect((await t.app.inject('/api/web/subscription/rentables?filter[group_id]=2')).statusCode).toBe(400);
  });

  it('opens a rented title for its days from the payment, to the minute, in the player too', async () => {
    const member = await registerByPhone(t.app);
    const offer = rentable.find((r) => r.format === 'audiobook')!;
    const invoice = await rentWithQpay(member, offer.id, 'audiobook');
    expect(invoice.amount_mnt).toBe(offer.price);
    expect(invoice.lines[0]).toMatchObject({ item_type: 'rental', amount_mnt: offer.price });
    const granted = await access(member, offer.id, 'audiobook');
    expect(granted).toMatchObject({ allowed: true, reason: 'rental' });
    const until = granted.until!;
    expect(Math.abs(until.getTime() - (t.clock.now().getTime() + offer.days * DAY_MS))).toBeLessThan(MINUTE_MS);
    // renting it again while rented is refused, saying until when
    const again = await t.app.inject({
      method: 'POST',
      url: `/v6/purchase/rental`,
      headers: as(member),
      payload: { book_id: offer.id, method: 'mnt', rail: 'qpay', format: 'audiobook' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/хүртэл түрээсэлсэн/);
    // the player's session is full, and its licence never outlives the rental
    const mpd = () => t.app.inject({ url: `/v5/drm/book-audio/${offer.id}/mpd`, headers: as(member) });
    expect((await mpd()).json().data).toMatchObject({ access: 'full' });
    const rentals = (await t.app.inject({ url: '/v4/account/rentals', headers: as(member) })).json().data;
    expect(rentals.data).toEqual([
      expect.objectContaining({ item_id: offer.id, reason: 'rental', until: until.toISOString() }),
    ]);

    // a day ahead: the warning, once however often the job runs
    t.clock.advance(until.getTime() - t.clock.now().getTime() - DAY_MS + MINUTE_MS);
    await services().checkout.rentalsDue(root());
    await services().checkout.rentalsDue(root());
    expect(await notices(member, 'rental_ending')).toBe(1);
    // a minute before the end it plays; at the end it does not, and the member is told
    t.clock.advance(until.getTime() - t.clock.now().getTime() - MINUTE_MS);
    expect((await access(member, offer.id, 'audiobook')).allowed).toBe(true);
    t.clock.advance(MINUTE_MS);
    expect((await access(member, offer.id, 'audiobook')).allowed).toBe(false);
    expect((await mpd()).json().data).toMatchObject({ access: 'preview', licence: null });
    await services().checkout.rentalsDue(root());
    await services().checkout.rentalsDue(root());
    expect(await notices(member, 'rental_ended')).toBe(1);
    expect((await t.app.inject({ url: '/v4/account/rentals', headers: as(member) })).json().data.total).toBe(0);
  });

  it('rents with credits where credits unlock the title, at the rental credit price', async () => {
    const member = await registerByPhone(t.app);
    const offer = rentable.find((r) => r.credits)!;
    await services().credits.add(root(), {
      userId: member.userId,
      credits: 2,
      kind: 'bonus',
      description: 'test',
      entryKey: `test:${member.userId}:bonus`,
    });
    const answer = await t.app.inject({
      method: 'POST',
      url: `/v5/books/${offer.id}/rent`,
      headers: as(member),
      payload: { method: 'credits', format: offer.format },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(purchaseResponse.parse(answer.json()).data.invoice).toMatchObject({
      status: 'paid',
      amount_credits: RENTAL_CREDIT_PRICE,
    });
    expect(await services().credits.balance(root(), member.userId)).toBe(2 - RENTAL_CREDIT_PRICE);
    expect(await access(member, offer.id, offer.format)).toMatchObject({ allowed: true, reason: 'rental' });
    // a title with no rental terms cannot be rented
    const { rows } = await t.db.db.execute<{ id: number }>(
      sql`select item_id as id from commerce_offer where item_type = 'book' and format = 'audiobook' and active and rental_days is null limit 1`,
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: `/v5/books/${rows[0]!.id}/rent`,
      headers: as(member),
      payload: { method: 'credits', format: 'audiobook' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(mn.rentals.notRentable);
  });

  it('tells a subscriber who started a title, and a member who wishlisted it, that it leaves the catalogue, once (not one who bought it)', async () => {
    const { rows } = await t.db.db.execute<{ id: number }>(sql`
      select item_id as id from commerce_offer
      where item_type = 'book' and format = 'audiobook' and active and 'audio' = any(subscription_scopes)
      order by item_id desc limit 1`);
    const bookId = rows[0]!.id;
    const [subscriber, wisher, bystander, buyer] = [
      await registerByPhone(t.app),
      await registerByPhone(t.app),
      await registerByPhone(t.app),
      await registerByPhone(t.app),
    ];
    // the subscriber and the buyer both hold an audio pass and started the book; the buyer also
    // bought it, so it stays theirs
    for (const member of [subscriber, buyer]) {
      await services().entitlements.grantPass(root(), {
        userId: member.userId,
        scope: 'audio',
        source: `test:${member.userId}`,
        startsAt: new Date(t.clock.now().getTime() - DAY_MS),
        endsAt: new Date(t.clock.now().getTime() + 30 * DAY_MS),
      });
      const started = await t.app.inject({
        method: 'POST',
        url: '/v5/library/positions',
        headers: as(member),
        payload: {
          item_type: 'book',
          item_id: bookId,
          format: 'audiobook',
          chapter: 1,
          seconds: 42,
          locator: null,
          progress: 0.1,
          speed: 1,
          changed_at: t.clock.now().toISOString(),
        },
      });
      expect(started.statusCode, started.body).toBe(200);
    }
    await services().entitlements.grant(root(), [
      {
        userId: buyer.userId,
        itemType: 'book',
        itemId: bookId,
        format: 'audiobook',
        reason: 'purchase',
        source: 'test',
      },
    ]);
    expect(
      (await t.app.inject({ method: 'POST', url: '/v5/wishlists', headers: as(wisher), payload: { book_id: bookId } }))
        .statusCode,
    ).toBe(200);
    // the offer ends two days from the store's (test) clock
    const endsAt = new Date(t.clock.now().getTime() + 2 * DAY_MS).toISOString();
    await t.db.db.execute(
      sql`update commerce_offer set ends_at = ${endsAt}::timestamptz where item_type = 'book' and item_id = ${bookId} and active`,
    );
    try {
      await services().checkout.titlesLeaving(root());
      await services().checkout.titlesLeaving(root());
      expect(await notices(subscriber, 'title_leaving')).toBe(1);
      expect(await notices(wisher, 'title_leaving')).toBe(1);
      expect(await notices(bystander, 'title_leaving')).toBe(0);
      expect(await notices(buyer, 'title_leaving')).toBe(0);
    } finally {
      await t.db.db.execute(
        sql`update commerce_offer set ends_at = null where item_type = 'book' and item_id = ${bookId}`,
      );
    }
  });

  it("keeps a member's rentals to themselves; visitors may not rent", async () => {
    const [owner, other] = [await registerByPhone(t.app), await registerByPhone(t.app)];
    const offer = rentable.find((r) => r.format === 'ebook') ?? rentable[0]!;
    await rentWithQpay(owner, offer.id, offer.format);
    expect((await t.app.inject({ url: '/v4/account/rentals', headers: as(other) })).json().data.total).toBe(0);
    expect((await access(other, offer.id, offer.format)).allowed).toBe(false);
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/v5/books/${offer.id}/rent`,
      headers: { 'idempotency-key': crypto.randomUUID() },
      payload: { method: 'mnt', rail: 'qpay', format: offer.format },
    });
    expect(visitor.statusCode).toBe(401);
  });
});

/**
 * The notice that a rental ended arrives however far the time moved since the job last ran (a
 * worker down for a week, the sandbox's clock moved past the end): the job reads on from where
 * it stopped, not from a window behind now.
 */
describe('rental notices after a jump in time', () => {
  const clock = offsetClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      accounts: { sandbox: true, clock },
      payments: { sandbox: true },
      sandboxClock: clock,
    });
  });
  afterAll(() => t.close());

  const services = () => t.app.modules!.services;
  const root = () => t.app.modules!.kernel.root;
  const notices = async (member: Registered, kind: string) => {
    const { rows } = await t.db.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications_item where user_id = ${member.userId} and kind = ${kind}`,
    );
    return Number(rows[0]!.n);
  };
  const rent = async (member: Registered, endsAt: Date) => {
    const { rows } = await t.db.db.execute<{ id: number }>(
      sql`select item_id as id from commerce_offer where item_type = 'book' and format = 'audiobook' and active limit 1`,
    );
    await services().entitlements.grant(root(), [
      {
        userId: member.userId,
        itemType: 'book',
        itemId: rows[0]!.id,
        format: 'audiobook',
        reason: 'rental',
        source: `test:${crypto.randomUUID()}`,
        endsAt,
      },
    ]);
  };
  const moveClock = async (ms: number) => {
    const moved = await t.app.inject({ method: 'POST', url: '/sandbox/clock', payload: { advance_ms: ms } });
    expect(moved.statusCode, moved.body).toBe(200);
  };

  it('tells of each rental that ended while the clock jumped weeks ahead, once, and warns of none of them', async () => {
    await services().checkout.rentalsDue(root());
    const [a, b, c, later] = [
      await registerByPhone(t.app),
      await registerByPhone(t.app),
      await registerByPhone(t.app),
      await registerByPhone(t.app),
    ];
    const now = clock.now().getTime();
    // two end in the same instant: the job's mark tells them apart by grant
    const sameInstant = new Date(now + 3 * DAY_MS);
    await rent(a, new Date(now + 2 * DAY_MS));
    await rent(b, sameInstant);
    await rent(c, sameInstant);
    await rent(later, new Date(now + 40 * DAY_MS));

    // the store's clock jumps three weeks; the move itself sets the minute's work going
    await moveClock(21 * DAY_MS);
    await runQueuedJobs(t.app);
    for (const member of [a, b, c]) {
      expect(await notices(member, 'rental_ended')).toBe(1);
      expect(await notices(member, 'rental_ending')).toBe(0);
    }
    expect(await notices(later, 'rental_ended')).toBe(0);

    // running again, and later, tells nobody twice; the last rental is warned a day ahead, then told
    await services().checkout.rentalsDue(root());
    await moveClock(19 * DAY_MS - 12 * HOUR_MS);
    await runQueuedJobs(t.app);
    expect(await notices(later, 'rental_ending')).toBe(1);
    await moveClock(DAY_MS);
    await runQueuedJobs(t.app);
    await services().checkout.rentalsDue(root());
    expect(await notices(later, 'rental_ended')).toBe(1);
    for (const member of [a, b, c]) expect(await notices(member, 'rental_ended')).toBe(1);
  });
});
