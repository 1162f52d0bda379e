import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deskAudioResponse,
  deskBooksResponse,
  deskSummariesResponse,
  deskSummaryOfferResponse,
  deskSummaryResponse,
  type DeskSummaryRow,
} from '@nomsan/contracts/catalog-desk';
import { mn } from '@nomsan/contracts/messages';
import { sql } from '@nomsan/db/orm';
import { fixturesDir } from '@nomsan/demo/fixtures-dir';
import { createAccountsApp, type AccountsTestApp } from '../../test/accounts';
import { runQueuedJobs } from '../../test/jobs';
import { keptStaff, uploadAs } from '../../test/staff';
import { readingMinutesOf } from './summary-desk.service';

const narration = readFileSync(join(fixturesDir(), 'audio', 'narration-1.mp3'));

/**
 * Summaries at the catalogue desk: listed by keyset, made as drafts members cannot see, edited,
 * refused publication without their text or their recording, given a recording (through the
 * books' job) and a cover, published and sold; the public page shows each change at once; every
 * change is in the audit log; bad input is answered in Mongolian with the field named.
 */
describe('summaries at the catalogue desk', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(() => t.close());

  const editor = () => keptStaff(t.app, ['editor']);
  const get = async (url: string) => t.app.inject({ url, headers: (await editor()).headers });
  const send = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: (await editor()).headers, ...(payload ? { payload } : {}) });

  it('pages through every summary by keyset in each order, filtered by the start of the title and status', async () => {
    const { rows: counted } = await t.db.db.execute<{ n: number }>(sql`select count(*)::int as n from catalog_summary`);
    const total = Number(counted[0]!.n);
    expect(total, 'the demo has summaries').toBeGreaterThan(5);
    for (const sort of ['title', 'updated'] as const) {
      const seen: DeskSummaryRow[] = [];
      let after: string | null = null;
      do {
        const answer = await get(`/api/staff/catalog/summaries?sort=${sort}&limit=7${after ? `&after=${after}` : ''}`);
        expect(answer.statusCode, answer.body).toBe(200);
        const page = deskSummariesResponse.parse(answer.json()).data;
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
    const first = deskSummariesResponse.parse((await get('/api/staff/catalog/summaries?sort=title&limit=1')).json())
      .data.rows[0]!;
    const prefix = first.title.slice(0, 3).toUpperCase();
    const matching = deskSummariesResponse.parse(
      (await get(`/api/staff/catalog/summaries?q=${encodeURIComponent(prefix)}&status=published`)).json(),
    ).data.rows;
    expect(matching.map((r) => r.id)).toContain(first.id);
    expect(matching.every((r) => r.title.toLowerCase().startsWith(prefix.toLowerCase()))).toBe(true);
    expect(matching.every((r) => r.status === 'published' && r.has_audio && r.has_text)).toBe(true);
    expect((await get('/api/staff/catalog/summaries?after=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
    expect((await get('/api/staff/catalog/summaries?status=scheduled')).statusCode).toBe(400);
  });

  it(
    'makes a draft, edits it, refuses to publish it without text or recording, records it, publishes and sells it; the public page follows at once',
    { timeout: 120_000 },
    async () => {
      const [book] = deskBooksResponse.parse(
        (await get('/api/staff/catalog/books?status=published&format=ebook&limit=1')).json(),
      ).data.rows;
      const created = await send('POST', '/api/staff/catalog/summaries', {
        title: 'Зуршлын хүч: товчлол',
        description: 'Зуршил хэрхэн бүрэлддэг тухай.',
        book_id: book!.id,
      });
      expect(created.statusCode, created.body).toBe(200);
      const draft = deskSummaryResponse.parse(created.json()).data;
      expect(draft).toMatchObject({
        title: 'Зуршлын хүч: товчлол',
        slug: expect.stringMatching(/^zurshlyn-khuch-tovchlol(-\d+)?$/),
        status: 'draft',
        book: { id: book!.id, title: book!.title },
        body: [],
        reading_minutes: 1,
        has_audio: false,
        url: `/summary/${draft.slug}`,
      });
      // members do not see a draft
      expect((await t.app.inject(`/v5/summary/${draft.id}`)).statusCode).toBe(404);

      const noText = await send('POST', `/api/staff/catalog/summaries/${draft.id}/status`, { status: 'published' });
      expect(noText.statusCode).toBe(422);
      expect(noText.json().error.message).toBe(mn.catalogDesk.summaryPublishNeedsText);

      const body = [
        'Зуршил гурван үе шаттай: дохио, үйлдэл, шагнал.',
        'Дохио ба шагналыг хэвээр үлдээж үйлдлийг солино.',
      ];
      const edited = await send('PATCH', `/api/staff/catalog/summaries/${draft.id}`, { body, reading_minutes: 12 });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(deskSummaryResponse.parse(edited.json()).data).toMatchObject({ body, reading_minutes: 12 });

      const noAudio = await send('POST', `/api/staff/catalog/summaries/${draft.id}/status`, { status: 'published' });
      expect(noAudio.statusCode).toBe(422);
      expect(noAudio.json().error.message).toBe(mn.catalogDesk.summaryPublishNeedsAudio);

      // the recording goes through the books' job: probed, normalised, packaged (a draft's too)
      const started = await send('POST', `/api/staff/catalog/summaries/${draft.id}/audio`, {
        upload_ids: [await uploadAs(t.app, await editor(), narration, 'audio', 'товчлол.mp3')],
      });
      expect(started.statusCode, started.body).toBe(200);
      expect(deskAudioResponse.parse(started.json()).data).toMatchObject({ status: 'queued', files: ['товчлол.mp3'] });
      await runQueuedJobs(t.app);
      const recorded = deskAudioResponse.parse(
        (await get(`/api/staff/catalog/summaries/${draft.id}/audio`)).json(),
      ).data;
      expect(recorded).toMatchObject({ status: 'ready', progress: 100, error: null });
      expect(recorded.duration_seconds).toBeGreaterThan(40);
      const withAudio = deskSummaryResponse.parse((await get(`/api/staff/catalog/summaries/${draft.id}`)).json()).data;
      expect(withAudio.has_audio).toBe(true);
      expect(withAudio.audio_duration_seconds).toBe(recorded.duration_seconds);

      const png = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#aa5522' } })
        .png()
        .toBuffer();
      const covered = await send('POST', `/api/staff/catalog/summaries/${draft.id}/cover`, {
        upload_id: await uploadAs(t.app, await editor(), png, 'cover', 'c.png'),
      });
      expect(covered.statusCode, covered.body).toBe(200);
      expect(deskSummaryResponse.parse(covered.json()).data.cover.md).toMatch(/\/covers\/summary-\d+-[0-9a-f]{12}-/);

      const published = await send('POST', `/api/staff/catalog/summaries/${draft.id}/status`, { status: 'published' });
      expect(published.statusCode, published.body).toBe(200);
      const opened = await t.app.inject(`/v5/summary/slug:${draft.slug}`);
      expect(opened.statusCode, opened.body).toBe(200);
      const page = opened.json().data;
      expect(page).toMatchObject({ title: 'Зуршлын хүч: товчлол', body, reading_minutes: 12, book: { id: book!.id } });
      expect((await t.app.inject(`/v5/summary/${draft.id}/playlist`)).json().data.status).toBe('ready');

      // the public page is cached; an edit drops it
      await send('PATCH', `/api/staff/catalog/summaries/${draft.id}`, { title: 'Зуршлын хүч' });
      expect((await t.app.inject(`/v5/summary/${draft.id}`)).json().data.title).toBe('Зуршлын хүч');

      // sold on its own and opened by the summary subscription
      const sold = await send('POST', `/api/staff/catalog/summaries/${draft.id}/offer`, {
        price_mnt: 3900,
        subscription_scopes: ['summary'],
      });
      expect(sold.statusCode, sold.body).toBe(200);
      expect(deskSummaryOfferResponse.parse(sold.json()).data).toMatchObject({
        format: 'summary',
        price_mnt: 3900,
        subscription_scopes: ['summary'],
      });
      const offered = (await t.app.inject(`/v5/summary/${draft.id}`)).json().data.offers;
      expect(offered).toMatchObject([{ format: 'summary', price_mnt: 3900, subscription_scopes: ['summary'] }]);
      const stopped = await send('DELETE', `/api/staff/catalog/summaries/${draft.id}/offer`);
      expect(deskSummaryOfferResponse.parse(stopped.json()).data).toBeNull();
      expect((await t.app.inject(`/v5/summary/${draft.id}`)).json().data.offers).toEqual([]);

      // search finds it once its index is built again
      await runQueuedJobs(t.app);
      const found = (await t.app.inject('/v5/discovery/search?q=zurshlyn%20khuch&type=summary')).json().data;
      expect(JSON.stringify(found)).toContain('Зуршлын хүч');

      const withdrawn = await send('POST', `/api/staff/catalog/summaries/${draft.id}/status`, { status: 'withdrawn' });
      expect(withdrawn.statusCode).toBe(200);
      expect((await t.app.inject(`/v5/summary/${draft.id}`)).statusCode).toBe(404);

      const owner = await keptStaff(t.app, ['owner']);
      const audit = await t.app.inject({
        url: `/api/staff/audit?object_type=summary&object_id=${draft.id}`,
        headers: owner.headers,
      });
      const entries = audit.json().data.entries as { action: string; before: unknown; after: unknown }[];
      expect(entries.map((e) => e.action)).toEqual([
        'catalog.summary_status',
        'catalog.offer_stop',
        'catalog.offer_save',
        'catalog.summary_update',
        'catalog.summary_status',
        'catalog.summary_cover',
        'catalog.summary_audio',
        'catalog.summary_update',
        'catalog.summary_create',
      ]);
      expect(entries[3]).toMatchObject({ before: { title: 'Зуршлын хүч: товчлол' }, after: { title: 'Зуршлын хүч' } });
      expect(entries[7]).toMatchObject({
        before: { body: [], reading_minutes: 1 },
        after: { body, reading_minutes: 12 },
      });
    },
  );

  it("shows and changes a summary's authors (in order) and categories; the public page follows at once; unknown ones are refused", async () => {
    const [row] = deskSummariesResponse.parse(
      (await get('/api/staff/catalog/summaries?status=published&sort=title&limit=1')).json(),
    ).data.rows;
    const id = row!.id;
    const before = deskSummaryResponse.parse((await get(`/api/staff/catalog/summaries/${id}`)).json()).data;
    expect(before.authors.length, "the demo's summary has its authors").toBeGreaterThan(0);
    const publicSummary = async () => (await t.app.inject(`/v5/summary/${id}`)).json().data;
    await publicSummary(); // cached: the change must drop it

    const author = (await send('POST', '/api/staff/catalog/contributors', { name: 'Б. Ринчен' })).json().data;
    const categories = (await get('/api/staff/catalog/categories')).json().data as { id: number; title: string }[];
    const category = categories.find((c) => !before.categories.some((own) => own.id === c.id))!;
    const changed = await send('PATCH', `/api/staff/catalog/summaries/${id}`, {
      author_ids: [author.id, before.authors[0]!.id],
      category_ids: [category.id],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = deskSummaryResponse.parse(changed.json()).data;
    expect(after.authors.map((a) => a.name)).toEqual(['Б. Ринчен', before.authors[0]!.name]);
    expect(after.categories).toEqual([{ id: category.id, title: category.title }]);
    expect(after.title, 'the rest stays').toBe(before.title);
    const shown = await publicSummary();
    expect(shown.authors.map((a: { name: string }) => a.name)).toEqual(['Б. Ринчен', before.authors[0]!.name]);
    expect(shown.categories.map((c: { id: number }) => c.id)).toEqual([category.id]);

    const unknownPeople = await send('PATCH', `/api/staff/catalog/summaries/${id}`, { author_ids: [99_999_999] });
    expect(unknownPeople.statusCode).toBe(400);
    expect(unknownPeople.json().error.fields.author_ids).toBe(mn.catalogDesk.unknownPeople);
    const unknownCategory = await send('POST', '/api/staff/catalog/summaries', {
      title: 'Т',
      category_ids: [99_999_999],
    });
    expect(unknownCategory.json().error.fields.category_ids).toBe(mn.catalogDesk.unknownCategories);

    // a new summary with its authors and categories
    const made = await send('POST', '/api/staff/catalog/summaries', {
      title: 'Тэнгэрийн заяа: товчлол',
      author_ids: [author.id],
      category_ids: [category.id],
    });
    expect(deskSummaryResponse.parse(made.json()).data).toMatchObject({
      authors: [{ id: author.id, name: 'Б. Ринчен' }],
      categories: [{ id: category.id }],
    });

    const owner = await keptStaff(t.app, ['owner']);
    const [entry] = (
      await t.app.inject({ url: `/api/staff/audit?object_type=summary&object_id=${id}`, headers: owner.headers })
    ).json().data.entries;
    expect(entry).toMatchObject({
      action: 'catalog.summary_update',
      before: { author_ids: before.authors.map((a) => a.id), category_ids: before.categories.map((c) => c.id) },
      after: { author_ids: [author.id, before.authors[0]!.id], category_ids: [category.id] },
    });
  });

  it('answers bad input in Mongolian with the field named, and refuses other roles', async () => {
    const blank = await send('POST', '/api/staff/catalog/summaries', { title: ' ', body: ['', 'x'] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.title).toBe(mn.catalogDesk.titleRequired);
    expect(blank.json().error.fields['body.0']).toBe(mn.catalogDesk.summaryBodyInvalid);
    const minutes = await send('POST', '/api/staff/catalog/summaries', { title: 'Т', reading_minutes: 0 });
    expect(minutes.json().error.fields.reading_minutes).toBe(mn.catalogDesk.readingMinutesInvalid);
    const noBook = await send('POST', '/api/staff/catalog/summaries', { title: 'Т', book_id: 99_999_999 });
    expect(noBook.statusCode).toBe(400);
    expect(noBook.json().error.fields.book_id).toBe(mn.catalogDesk.bookNotFound);
    expect((await get('/api/staff/catalog/summaries/99999999')).statusCode).toBe(404);

    const support = await keptStaff(t.app, ['support']);
    for (const [method, url] of [
      ['GET', '/api/staff/catalog/summaries'],
      ['POST', '/api/staff/catalog/summaries'],
    ] as const) {
      const refused = await t.app.inject({ method, url, headers: support.headers, payload: { title: 'Т' } });
      expect(refused.statusCode).toBe(403);
    }
    expect((await t.app.inject('/api/staff/catalog/summaries')).statusCode).toBe(401);
  });

  it('estimates the reading time from the text, about 180 words a minute', () => {
    expect(readingMinutesOf([])).toBe(1);
    expect(readingMinutesOf(['үг '.repeat(181)])).toBe(2);
    expect(readingMinutesOf(['үг '.repeat(900), 'үг '.repeat(900)])).toBe(10);
  });
});
