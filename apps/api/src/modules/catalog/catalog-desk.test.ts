import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import { deskBookResponse, deskBooksResponse, type DeskBookRow } from '@nomsan/contracts/catalog-desk';
import { mn } from '@nomsan/contracts/messages';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock';
import { createAccountsApp, type AccountsTestApp } from '../../test/accounts';
import { runQueuedJobs } from '../../test/jobs';
import { keptStaff } from '../../test/staff';

/**
 * The catalogue desk: editors list the whole catalogue by keyset (no title twice, none lost),
 * make people, publishers and draft titles, change a title and see it on the public page and in
 * search at once, publish only what has an edition, schedule a publication, withdraw; each
 * change in the audit log; bad input answered in Mongolian with the field named.
 */
describe('catalogue desk', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(() => t.close());

  const editor = async () => (await keptStaff(t.app, ['editor'])).headers;
  const get = async (url: string) => t.app.inject({ url, headers: await editor() });
  const send = async (method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url, headers: await editor(), payload });

  it('pages through every title by keyset in each order, filtered by the start of the title, status and format', async () => {
    const { rows: counted } = await t.db.db.execute<{ n: number }>(sql`select count(*)::int as n from catalog_book`);
    const total = Number(counted[0]!.n);
    for (const sort of ['title', 'updated', 'published'] as const) {
      const seen: DeskBookRow[] = [];
      let after: string | null = null;
      do {
        const answer = await get(`/api/staff/catalog/books?sort=${sort}&limit=100${after ? `&after=${after}` : ''}`);
        expect(answer.statusCode, answer.body).toBe(200);
        const page = deskBooksResponse.parse(answer.json()).data;
        seen.push(...page.rows);
        after = page.next;
      } while (after);
      expect(new Set(seen.map((r) => r.id)).size).toBe(total);
      expect(seen).toHaveLength(total);
      if (sort === 'title') {
        const titles = seen.map((r) => r.title.toLowerCase());
        expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      }
    }
    const first = deskBooksResponse.parse((await get('/api/staff/catalog/books?sort=title&limit=1')).json()).data
      .rows[0]!;
    const prefix = first.title.slice(0, 3).toUpperCase();
    const matching = deskBooksResponse.parse(
      (await get(`/api/staff/catalog/books?q=${encodeURIComponent(prefix)}&limit=100`)).json(),
    ).data.rows;
    expect(matching.length).toBeGreaterThan(0);
    expect(matching.every((r) => r.title.toLowerCase().startsWith(prefix.toLowerCase()))).toBe(true);
    const byId = deskBooksResponse.parse((await get(`/api/staff/catalog/books?q=${first.id}`)).json()).data.rows;
    expect(byId.map((r) => r.id)).toContain(first.id);
    const audio = deskBooksResponse.parse((await get('/api/staff/catalog/books?format=audiobook&limit=20')).json()).data
      .rows;
    expect(audio.every((r) => r.has_audio)).toBe(true);
    // a cursor nobody made, and a percent sign, are no trouble
    expect((await get('/api/staff/catalog/books?after=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
    expect((await get(`/api/staff/catalog/books?q=${encodeURIComponent('%_')}`)).statusCode).toBe(200);
  });

  it('makes an author, a publisher and a draft title that members cannot see, and refuses to publish it without an edition', async () => {
    const author = (await send('POST', '/api/staff/catalog/contributors', { name: 'Д. Нацагдорж' })).json().data;
    expect(author).toMatchObject({ name: 'Д. Нацагдорж', books: 0 });
    const publisher = (await send('POST', '/api/staff/catalog/publishers', { name: 'Мөнхийн үсэг' })).json().data;
    const categories = (await get('/api/staff/catalog/categories')).json().data;
    const created = await send('POST', '/api/staff/catalog/books', {
      title: 'Миний нутаг',
      description: 'Эх орны тухай шүлэг.',
      author_ids: [author.id],
      publisher_id: publisher.id,
      category_ids: [categories[0].id],
      published_year: 1933,
    });
    expect(created.statusCode, created.body).toBe(200);
    const book = deskBookResponse.parse(created.json()).data;
    expect(book).toMatchObject({
      title: 'Миний нутаг',
      slug: expect.stringMatching(/^minii-nutag(-\d+)?$/),
      status: 'draft',
      authors: [{ id: author.id, name: 'Д. Нацагдорж' }],
      publisher: { id: publisher.id, name: 'Мөнхийн үсэг' },
      categories: [{ id: categories[0].id }],
      has_audio: false,
      has_ebook: false,
    });
    // the page members will see: the web's book links are /{slug}
    expect(book.url).toBe(`/${book.slug}`);
    expect((await t.app.inject(`/v4/books/${book.id}`)).statusCode).toBe(404);
    const publish = await send('POST', `/api/staff/catalog/books/${book.id}/status`, { status: 'published' });
    expect(publish.statusCode).toBe(422);
    expect(publish.json().error.message).toBe(mn.catalogDesk.publishNeedsEdition);

    // bad input: the field is named, in Mongolian; nothing is written
    const bad = await send('POST', '/api/staff/catalog/books', { title: ' ', author_ids: [999999] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.title).toBe(mn.catalogDesk.titleRequired);
    const unknown = await send('POST', '/api/staff/catalog/books', { title: 'Ганц', author_ids: [999999] });
    expect(unknown.json().error.fields.author_ids).toBe(mn.catalogDesk.unknownPeople);
  });

  it('shows a change of a published title on its public page and in search at once, and withdraws and schedules it', async () => {
    const [row] = deskBooksResponse.parse(
      (await get('/api/staff/catalog/books?status=published&format=ebook&limit=1')).json(),
    ).data.rows;
    const id = row!.id;
    // the public page is cached; the change drops it
    expect((await t.app.inject(`/v4/books/${id}`)).json().data.title).toBe(row!.title);
    const renamed = await send('PATCH', `/api/staff/catalog/books/${id}`, { title: 'Цэнхэр толбот морь' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await t.app.inject(`/v4/books/${id}`)).json().data.title).toBe('Цэнхэр толбот морь');
    await runQueuedJobs(t.app);
    const found = (await t.app.inject('/v5/discovery/search?q=tsenkher%20tolbot')).json().data;
    expect(JSON.stringify(found)).toContain('Цэнхэр толбот морь');

    // withdrawn: gone for members; back to draft with a time: published by the minute's job then
    await send('POST', `/api/staff/catalog/books/${id}/status`, { status: 'withdrawn' });
    expect((await t.app.inject(`/v4/books/${id}`)).statusCode).toBe(404);
    const past = await send('POST', `/api/staff/catalog/books/${id}/status`, {
      status: 'draft',
      publish_at: new Date(t.clock.now().getTime() - MINUTE_MS).toISOString(),
    });
    expect(past.json().error.fields.publish_at).toBe(mn.catalogDesk.scheduleInPast);
    const at = new Date(t.clock.now().getTime() + HOUR_MS);
    const scheduled = await send('POST', `/api/staff/catalog/books/${id}/status`, {
      status: 'draft',
      publish_at: at.toISOString(),
    });
    expect(deskBookResponse.parse(scheduled.json()).data).toMatchObject({
      status: 'draft',
      publish_at: at.toISOString(),
    });
    const listed = deskBooksResponse.parse(
      (await get(`/api/staff/catalog/books?status=scheduled&q=${id}`)).json(),
    ).data;
    expect(listed.rows.map((r) => r.id)).toContain(id);
    t.clock.advance(HOUR_MS);
    const catalog = t.app.modules!.services.catalog;
    expect(await catalog.desk.publishDue(t.app.modules!.kernel.root, async () => undefined)).toBe(1);
    expect((await t.app.inject(`/v4/books/${id}`)).json().data.title).toBe('Цэнхэр толбот морь');

    const owner = await keptStaff(t.app, ['owner']);
    const audit = (
      await t.app.inject({ url: `/api/staff/audit?object_type=book&object_id=${id}`, headers: owner.headers })
    )
      .json()
      .data.entries.map((e: { action: string }) => e.action);
    expect(audit).toEqual(['catalog.book_status', 'catalog.book_status', 'catalog.book_update']);
  });

  it("sets a format's terms (price, credits, rental, subscriptions, leaving date) that the public page shows at once, and stops selling it", async () => {
    const [row] = deskBooksResponse.parse(
      (await get('/api/staff/catalog/books?status=published&format=ebook&limit=1')).json(),
    ).data.rows;
    const id = row!.id;
    const leaving = new Date(t.clock.now().getTime() + 30 * 24 * HOUR_MS).toISOString();
    const saved = await send('POST', `/api/staff/catalog/books/${id}/offers/ebook`, {
      price_mnt: 12_900,
      original_price_mnt: 15_900,
      credit_price: 1,
      rental_days: 14,
      rental_price_mnt: 3_900,
      subscription_scopes: ['ebook', 'credit'],
      ends_at: leaving,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toContainEqual(
      expect.objectContaining({
        format: 'ebook',
        price_mnt: 12_900,
        rental_days: 14,
        subscription_scopes: ['ebook', 'credit'],
        ends_at: leaving,
      }),
    );
    const offers = (await t.app.inject(`/v4/books/${id}`)).json().data.offers;
    expect(offers).toContainEqual(
      expect.objectContaining({
        format: 'ebook',
        price_mnt: 12_900,
        original_price_mnt: 15_900,
        rental: { price_mnt: 3_900, days: 14 },
      }),
    );

    // a rental needs both its days and its price; a "before" price above the price
    const half = await send('POST', `/api/staff/catalog/books/${id}/offers/ebook`, { price_mnt: 100, rental_days: 7 });
    expect(half.json().error.fields.rental_days).toBe(mn.catalogDesk.rentalInvalid);
    const before = await send('POST', `/api/staff/catalog/books/${id}/offers/ebook`, {
      price_mnt: 100,
      original_price_mnt: 50,
    });
    expect(before.json().error.fields.original_price_mnt).toBe(mn.catalogDesk.originalPriceInvalid);

    // a format with no file is not sold
    const [noAudio] = deskBooksResponse
      .parse((await get('/api/staff/catalog/books?status=published&format=ebook&limit=100')).json())
      .data.rows.filter((r) => !r.has_audio);
    if (noAudio) {
      const refused = await send('POST', `/api/staff/catalog/books/${noAudio.id}/offers/audiobook`, {
        price_mnt: 5_000,
      });
      expect(refused.json().error.message).toBe(mn.catalogDesk.offerNeedsEdition);
    }

    const stopped = await t.app.inject({
      method: 'DELETE',
      url: `/api/staff/catalog/books/${id}/offers/ebook`,
      headers: await editor(),
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(
      (await t.app.inject(`/v4/books/${id}`)).json().data.offers.map((o: { format: string }) => o.format),
    ).not.toContain('ebook');
  });

  it("changes only the fields a patch holds (a title's new name leaves its people, categories and description)", async () => {
    const [row] = deskBooksResponse.parse(
      (await get('/api/staff/catalog/books?status=published&format=audiobook&sort=title&limit=1')).json(),
    ).data.rows;
    const before = deskBookResponse.parse((await get(`/api/staff/catalog/books/${row!.id}`)).json()).data;
    expect(before.authors.length, 'the demo title has authors').toBeGreaterThan(0);
    expect(before.description, 'and a description').not.toBe('');
    const renamed = await send('PATCH', `/api/staff/catalog/books/${row!.id}`, { title: 'Зөвхөн нэр нь өөрчлөгдөнө' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = deskBookResponse.parse(renamed.json()).data;
    expect(after).toMatchObject({
      title: 'Зөвхөн нэр нь өөрчлөгдөнө',
      subtitle: before.subtitle,
      description: before.description,
      short_description: before.short_description,
      kind: before.kind,
      language: before.language,
      published_year: before.published_year,
      publisher: before.publisher,
      authors: before.authors,
      narrators: before.narrators,
      translators: before.translators,
      categories: before.categories,
    });
  });

  it('puts a title in a series (made inline) with its number and gives an English book its level; the public page shows both at once; bad values are refused under their fields', async () => {
    const [row] = deskBooksResponse.parse(
      (await get('/api/staff/catalog/books?status=published&format=ebook&sort=published&limit=1')).json(),
    ).data.rows;
    const id = row!.id;
    const publicBook = async () => (await t.app.inject(`/v4/books/${id}`)).json().data;
    await publicBook(); // cached: the change must drop it
    const made = await send('POST', '/api/staff/catalog/series', { name: 'Хөх судар цуврал' });
    expect(made.statusCode, made.body).toBe(200);
    const series = made.json().data;
    expect(series).toMatchObject({ name: 'Хөх судар цуврал', books: 0 });
    const found = (await get(`/api/staff/catalog/series?q=${encodeURIComponent('судар')}`)).json().data;
    expect(found.map((s: { id: number }) => s.id)).toContain(series.id);

    const field = async (patch: object) => {
      const answer = await send('PATCH', `/api/staff/catalog/books/${id}`, patch);
      expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
      return answer.json().error.fields;
    };
    // a number with no series, an unknown series, a number out of range, a level on a Mongolian book or none of CEFR's
    expect((await field({ series_position: 2 })).series_position).toBe(mn.catalogDesk.seriesPositionNeedsSeries);
    expect((await field({ series_id: 99_999_999 })).series_id).toBe(mn.catalogDesk.unknownSeries);
    expect((await field({ series_id: series.id, series_position: 1000 })).series_position).toBe(
      mn.catalogDesk.seriesPositionInvalid,
    );
    expect((await field({ kind: 'book', english_level: 'B1' })).english_level).toBe(
      mn.catalogDesk.englishLevelEnglishOnly,
    );
    expect((await field({ kind: 'english_book', english_level: 'Z9' })).english_level).toBe(
      mn.catalogDesk.englishLevelInvalid,
    );

    const placed = await send('PATCH', `/api/staff/catalog/books/${id}`, { series_id: series.id, series_position: 2 });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(deskBookResponse.parse(placed.json()).data).toMatchObject({
      series: { id: series.id, name: 'Хөх судар цуврал' },
      series_position: 2,
    });
    expect((await publicBook()).series).toMatchObject({ id: series.id, name: 'Хөх судар цуврал', position: 2 });

    const english = await send('PATCH', `/api/staff/catalog/books/${id}`, {
      kind: 'english_book',
      english_level: 'B2',
    });
    expect(english.statusCode, english.body).toBe(200);
    expect((await publicBook()).english_level).toBe('B2');

    // back to a Mongolian book: its level goes; out of the series: its number goes
    const back = await send('PATCH', `/api/staff/catalog/books/${id}`, { kind: 'book', series_id: null });
    expect(deskBookResponse.parse(back.json()).data).toMatchObject({
      kind: 'book',
      english_level: null,
      series: null,
      series_position: null,
    });
    const shown = await publicBook();
    expect(shown.english_level).toBeNull();
    expect(shown.series).toBeNull();

    const owner = await keptStaff(t.app, ['owner']);
    const audit = async (query: string) =>
      (await t.app.inject({ url: `/api/staff/audit?${query}`, headers: owner.headers })).json().data.entries;
    const [last] = await audit(`object_type=book&object_id=${id}`);
    expect(last).toMatchObject({
      action: 'catalog.book_update',
      before: { kind: 'english_book', english_level: 'B2', series_id: series.id, series_position: 2 },
      after: { kind: 'book', english_level: null, series_id: null, series_position: null },
    });
    expect((await audit(`object_type=series&object_id=${series.id}`))[0]).toMatchObject({
      action: 'catalog.series_create',
    });
  });

  it('publishes a title only when each format it sells has its file', async () => {
    // an e-book only, back to draft, with an audiobook price as an ONIX import leaves one
    const { rows } = await t.db.db.execute<{ id: number }>(sql`
      select b.id from catalog_book b join catalog_ebook_edition e on e.book_id = b.id
      where b.status = 'published' and not exists (select 1 from catalog_audio_edition a where a.book_id = b.id)
      order by b.id desc limit 1`);
    const id = rows[0]!.id;
    expect((await send('POST', `/api/staff/catalog/books/${id}/status`, { status: 'draft' })).statusCode).toBe(200);
    await t.db.db.execute(sql`
      insert into commerce_offer (item_type, item_id, format, price_mnt) values ('book', ${id}, 'audiobook', 15000)`);
    const refused = mn.catalogDesk.publishNeedsPricedFile(mn.catalogDesk.formatNames.audiobook);
    const publish = await send('POST', `/api/staff/catalog/books/${id}/status`, { status: 'published' });
    expect(publish.statusCode).toBe(422);
    expect(publish.json().error.message).toBe(refused);
    const schedule = await send('POST', `/api/staff/catalog/books/${id}/status`, {
      status: 'draft',
      publish_at: new Date(t.clock.now().getTime() + HOUR_MS).toISOString(),
    });
    expect(schedule.json().error.message).toBe(refused);
    // the price stopped: published
    const stop = await t.app.inject({
      method: 'DELETE',
      url: `/api/staff/catalog/books/${id}/offers/audiobook`,
      headers: await editor(),
    });
    expect(stop.statusCode, stop.body).toBe(200);
    const published = await send('POST', `/api/staff/catalog/books/${id}/status`, { status: 'published' });
    expect(published.statusCode, published.body).toBe(200);
  });

  it('has the related books computed once a minute at most after titles change, a change during a computation in the next one', async () => {
    const related = () =>
      t.db.db
        .execute<{ dedupe_key: string; due_s: number }>(
          sql`select dedupe_key, extract(epoch from run_at - now())::float8 as due_s from system_job
              where name = 'catalog.compute-related' and state = 'queued' order by run_at`,
        )
        .then((r) => r.rows);
    await t.db.db.execute(sql`delete from system_job where name = 'catalog.compute-related'`);
    const [row] = deskBooksResponse.parse((await get('/api/staff/catalog/books?status=published&limit=1')).json()).data
      .rows;
    for (const subtitle of ['Нэг', 'Хоёр']) {
      expect((await send('PATCH', `/api/staff/catalog/books/${row!.id}`, { subtitle })).statusCode).toBe(200);
    }
    const queued = await related();
    expect(queued.length).toBeGreaterThanOrEqual(1);
    expect(queued.length).toBeLessThanOrEqual(2); // the two edits may straddle a minute
    for (const job of queued) expect(job.due_s).toBeLessThanOrEqual(61);
    // a minute on, the window's job is running: a change now is the next window's job
    t.clock.advance(61_000);
    await t.db.db.execute(sql`update system_job set state = 'running' where name = 'catalog.compute-related'`);
    await send('PATCH', `/api/staff/catalog/books/${row!.id}`, { subtitle: 'Дэд гарчиг' });
    expect(await related()).toHaveLength(1);
    await t.db.db.execute(sql`delete from system_job where name = 'catalog.compute-related'`);
  });
});
