import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskBundleResponse, deskBundlesResponse, type DeskBundleRow } from '@nomsan/contracts/bundle-desk';
import { bundleDetailResponse, bundleListResponse } from '@nomsan/contracts/catalog';
import { deskBooksResponse, deskSummariesResponse } from '@nomsan/contracts/catalog-desk';
import { mn } from '@nomsan/contracts/messages';
import { sql } from '@nomsan/db/orm';
import { createAccountsApp, type AccountsTestApp } from '../../test/accounts';
import { keptStaff, uploadAs } from '../../test/staff';

/**
 * The bundles desk: bundles listed by keyset, made off sale, their titles chosen (of the
 * bundle's kind, each once) and ordered, priced through the offers' path, put on sale only with
 * titles and a price; the public bundle page and the titles' bundle shelves show each change on
 * the next request; every change is in the audit log; an unknown bundle is a 404 in the envelope.
 */
describe('the bundles desk', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(() => t.close());

  const editor = () => keptStaff(t.app, ['editor']);
  const get = async (url: string) => t.app.inject({ url, headers: (await editor()).headers });
  const send = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: (await editor()).headers, ...(payload ? { payload } : {}) });

  it('pages through every bundle by keyset in each order, filtered by kind, sale and the start of the title', async () => {
    const { rows: counted } = await t.db.db.execute<{ n: number }>(sql`select count(*)::int as n from commerce_bundle`);
    const total = Number(counted[0]!.n);
    expect(total, 'the demo has bundles').toBeGreaterThan(1);
    for (const sort of ['title', 'created'] as const) {
      const seen: DeskBundleRow[] = [];
      let after: string | null = null;
      do {
        const answer = await get(`/api/staff/bundles?sort=${sort}&limit=1${after ? `&after=${after}` : ''}`);
        expect(answer.statusCode, answer.body).toBe(200);
        const page = deskBundlesResponse.parse(answer.json()).data;
        seen.push(...page.rows);
        after = page.next;
      } while (after);
      expect(new Set(seen.map((r) => r.id)).size).toBe(total);
    }
    const books = deskBundlesResponse.parse((await get('/api/staff/bundles?kind=book&active=true')).json()).data.rows;
    expect(books.length).toBeGreaterThan(0);
    // the demo's bundles on sale have their titles and their price
    expect(books.every((r) => r.kind === 'book' && r.active && r.items_count > 0 && r.price_mnt! > 0)).toBe(true);
    const first = books[0]!;
    const byStart = deskBundlesResponse.parse(
      (await get(`/api/staff/bundles?q=${encodeURIComponent(first.title.slice(0, 3).toUpperCase())}`)).json(),
    ).data.rows;
    expect(byStart.map((r) => r.id)).toContain(first.id);
    expect((await get(`/api/staff/bundles?q=${first.id}`)).json().data.rows[0].id).toBe(first.id);
    expect((await get('/api/staff/bundles?kind=podcast')).statusCode).toBe(400);
    expect((await get('/api/staff/bundles?after=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
  });

  it(
    'makes a bundle off sale, gives it titles and a price, puts it on sale and the public page follows each change',
    { timeout: 60_000 },
    async () => {
      const books = deskBooksResponse.parse(
        (await get('/api/staff/catalog/books?status=published&format=audiobook&sort=title&limit=3')).json(),
      ).data.rows;
      expect(books, 'the demo has published audiobooks').toHaveLength(3);

      const created = await send('POST', '/api/staff/bundles', {
        title: 'Зуны уншлага',
        description: 'Амралтаар сонсох гурван ном.',
        kind: 'book',
      });
      expect(created.statusCode, created.body).toBe(200);
      const bundle = deskBundleResponse.parse(created.json()).data;
      expect(bundle).toMatchObject({
        title: 'Зуны уншлага',
        slug: expect.stringMatching(/^zuny-unshlaga(-\d+)?$/),
        kind: 'book',
        active: false,
        items: [],
        offer: null,
        url: `/bundle/${bundle.slug}`,
      });
      // not on sale: members do not see it
      expect((await t.app.inject(`/v5/bundles/slug:${bundle.slug}`)).statusCode).toBe(404);

      // on sale needs titles, then a price
      const noItems = await send('POST', `/api/staff/bundles/${bundle.id}/active`, { active: true });
      expect(noItems.statusCode).toBe(422);
      expect(noItems.json().error.message).toBe(mn.bundleDesk.activeNeedsItems);

      // titles of the bundle's kind only, each once, in the order given
      const twice = await send('POST', `/api/staff/bundles/${bundle.id}/items`, {
        item_ids: [books[0]!.id, books[0]!.id],
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().error.fields.item_ids).toBe(mn.bundleDesk.itemTwice);
      const unknown = await send('POST', `/api/staff/bundles/${bundle.id}/items`, { item_ids: [999_999] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.fields.item_ids).toBe(mn.bundleDesk.booksNotFound('999999'));

      const order = [books[2]!.id, books[0]!.id, books[1]!.id];
      const itemized = await send('POST', `/api/staff/bundles/${bundle.id}/items`, { item_ids: order });
      expect(itemized.statusCode, itemized.body).toBe(200);
      expect(deskBundleResponse.parse(itemized.json()).data.items).toEqual(
        order.map((id) => ({ id, title: books.find((b) => b.id === id)!.title, published: true })),
      );

      const noPrice = await send('POST', `/api/staff/bundles/${bundle.id}/active`, { active: true });
      expect(noPrice.statusCode).toBe(422);
      expect(noPrice.json().error.message).toBe(mn.bundleDesk.activeNeedsPrice);

      const priced = await send('POST', `/api/staff/bundles/${bundle.id}/offer`, { price_mnt: 19_900 });
      expect(priced.statusCode, priced.body).toBe(200);
      expect(deskBundleResponse.parse(priced.json()).data.offer).toMatchObject({
        format: 'bundle',
        price_mnt: 19_900,
      });

      const png = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#2255aa' } })
        .png()
        .toBuffer();
      const covered = await send('POST', `/api/staff/bundles/${bundle.id}/cover`, {
        upload_id: await uploadAs(t.app, await editor(), png, 'cover', 'bundle.png'),
      });
      expect(covered.statusCode, covered.body).toBe(200);
      expect(deskBundleResponse.parse(covered.json()).data.cover.md).toMatch(/\/covers\/bundle-\d+-[0-9a-f]{12}-/);

      const [listed] = deskBundlesResponse.parse((await get(`/api/staff/bundles?q=${bundle.id}`)).json()).data.rows;
      expect(listed).toMatchObject({ id: bundle.id, items_count: 3, price_mnt: 19_900, active: false });
      const onSale = await send('POST', `/api/staff/bundles/${bundle.id}/active`, { active: true });
      expect(onSale.statusCode, onSale.body).toBe(200);
      expect(deskBundleResponse.parse(onSale.json()).data.active).toBe(true);

      // the public page, and the bundle shelf of a title in it
      const page = bundleDetailResponse.parse((await t.app.inject(`/v5/bundles/slug:${bundle.slug}`)).json()).data;
      expect(page).toMatchObject({ id: bundle.id, title: 'Зуны уншлага', offer: { price_mnt: 19_900 } });
      expect(page.items.map((item) => item.id)).toEqual(order);
      const shelf = bundleListResponse.parse((await t.app.inject(`/v5/books/${books[1]!.id}/bundles`)).json()).data;
      expect(shelf.map((b) => b.id)).toContain(bundle.id);

      // cached, and dropped by an edit: the next request shows it
      expect((await t.app.inject(`/v5/bundles/${bundle.id}`)).json().data.title).toBe('Зуны уншлага');
      const renamed = await send('PATCH', `/api/staff/bundles/${bundle.id}`, { title: 'Зуны сонсгол' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await t.app.inject(`/v5/bundles/${bundle.id}`)).json().data.title).toBe('Зуны сонсгол');
      await send('POST', `/api/staff/bundles/${bundle.id}/items`, { item_ids: [books[0]!.id, books[2]!.id] });
      expect(
        bundleDetailResponse
          .parse((await t.app.inject(`/v5/bundles/${bundle.id}`)).json())
          .data.items.map((item) => item.id),
      ).toEqual([books[0]!.id, books[2]!.id]);
      const shelfAfter = bundleListResponse.parse(
        (await t.app.inject(`/v5/books/${books[1]!.id}/bundles`)).json(),
      ).data;
      expect(shelfAfter.map((b) => b.id)).not.toContain(bundle.id);
      await send('POST', `/api/staff/bundles/${bundle.id}/offer`, { price_mnt: 17_900 });
      expect((await t.app.inject(`/v5/bundles/${bundle.id}`)).json().data.offer.price_mnt).toBe(17_900);

      // on sale, it keeps titles and a price
      const emptied = await send('POST', `/api/staff/bundles/${bundle.id}/items`, { item_ids: [] });
      expect(emptied.statusCode).toBe(422);
      expect(emptied.json().error.message).toBe(mn.bundleDesk.activeKeepsItems);
      const unpriced = await send('DELETE', `/api/staff/bundles/${bundle.id}/offer`);
      expect(unpriced.statusCode).toBe(422);
      expect(unpriced.json().error.message).toBe(mn.bundleDesk.activeKeepsPrice);

      // off sale: gone from the store at once
      const off = await send('POST', `/api/staff/bundles/${bundle.id}/active`, { active: false });
      expect(off.statusCode).toBe(200);
      expect((await t.app.inject(`/v5/bundles/${bundle.id}`)).statusCode).toBe(404);

      const owner = await keptStaff(t.app, ['owner']);
      const audit = await t.app.inject({
        url: `/api/staff/audit?object_type=bundle&object_id=${bundle.id}`,
        headers: owner.headers,
      });
      const entries = audit.json().data.entries as { action: string; before: unknown; after: unknown }[];
      expect(entries.map((e) => e.action)).toEqual([
        'commerce.bundle_active',
        'catalog.offer_save',
        'commerce.bundle_items',
        'commerce.bundle_update',
        'commerce.bundle_active',
        'commerce.bundle_cover',
        'catalog.offer_save',
        'commerce.bundle_items',
        'commerce.bundle_create',
      ]);
      expect(entries[1]).toMatchObject({
        before: { format: 'bundle', price_mnt: 19_900 },
        after: { format: 'bundle', price_mnt: 17_900 },
      });
      expect(entries[3]).toMatchObject({ before: { title: 'Зуны уншлага' }, after: { title: 'Зуны сонсгол' } });
      expect(entries[7]).toMatchObject({ before: { item_ids: [] }, after: { item_ids: order } });
    },
  );

  it('makes a bundle of summaries from summaries only', async () => {
    const summaries = deskSummariesResponse.parse(
      (await get('/api/staff/catalog/summaries?status=published&sort=title&limit=2')).json(),
    ).data.rows;
    const created = deskBundleResponse.parse(
      (await send('POST', '/api/staff/bundles', { title: 'Товч багц', kind: 'summary' })).json(),
    ).data;
    expect(created.url).toBe(`/bundleSummary/${created.slug}`);
    const itemized = await send('POST', `/api/staff/bundles/${created.id}/items`, {
      item_ids: summaries.map((s) => s.id),
    });
    expect(itemized.statusCode, itemized.body).toBe(200);
    expect(deskBundleResponse.parse(itemized.json()).data.items.map((i) => i.title)).toEqual(
      summaries.map((s) => s.title),
    );
  });

  it('answers an unknown bundle, a bad id and a wrong body in the envelope, in Mongolian', async () => {
    const missing = await get('/api/staff/bundles/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: mn.bundleDesk.bundleNotFound } });
    expect((await send('PATCH', '/api/staff/bundles/999999', { title: 'Алга' })).statusCode).toBe(404);
    expect((await send('POST', '/api/staff/bundles/999999/active', { active: true })).statusCode).toBe(404);
    expect((await send('POST', '/api/staff/bundles/999999/offer', { price_mnt: 1000 })).statusCode).toBe(404);
    expect((await get('/api/staff/bundles/abc')).statusCode).toBe(400);
    const noTitle = await send('POST', '/api/staff/bundles', { title: ' ', kind: 'book' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error.fields.title).toBe(mn.bundleDesk.titleRequired);
    const noKind = await send('POST', '/api/staff/bundles', { title: 'Багц' });
    expect(noKind.json().error.fields.kind).toBe(mn.bundleDesk.kindInvalid);
    const kindChange = await send('PATCH', '/api/staff/bundles/1', { kind: 'summary' });
    expect(kindChange.statusCode).toBe(400);
  });
});
