import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from '@nomsan/db/orm';
import { mn } from '@nomsan/contracts/messages';
import {
  deskCategoriesListResponse,
  deskPersonDetailResponse,
  deskPersonRows,
  deskPublisherDetailResponse,
  deskPublisherRows,
  type DeskPersonRow,
} from '@nomsan/contracts/people-desk';
import { createAccountsApp, type AccountsTestApp } from '../../test/accounts';
import { runQueuedJobs } from '../../test/jobs';
import { keptStaff, uploadAs } from '../../test/staff';

const m = mn.peopleDesk;

/**
 * The people, publishers and categories desk: editors list people and publishers by keyset,
 * change a name (the slug stays), a biography, a photo or a logo, and make, rename and order
 * categories. A new name is on the public book and author pages on the next request (cached
 * or not) and in search once the refresh job has run; every change is in the audit log;
 * unknown ids and bad input are answered in the envelope, in Mongolian.
 */
describe('people, publishers and categories desk', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(() => t.close());

  const editor = () => keptStaff(t.app, ['editor']);
  const get = async (url: string) => t.app.inject({ url, headers: (await editor()).headers });
  const send = async (method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url, headers: (await editor()).headers, payload });
  const ok = <T>(
    answer: { statusCode: number; body: string; json: () => unknown },
    schema: { parse: (v: unknown) => T },
  ) => {
    expect(answer.statusCode, answer.body).toBe(200);
    return schema.parse(answer.json());
  };
  const auditOf = async (type: string, id?: number) => {
    const owner = await keptStaff(t.app, ['owner']);
    const answer = await t.app.inject({
      url: `/api/staff/audit?object_type=${type}${id ? `&object_id=${id}` : ''}`,
      headers: owner.headers,
    });
    return (answer.json().data.entries as { action: string; before: unknown; after: unknown }[]).reverse();
  };
  /** a published book's id and its first author's (or publisher's) id */
  const publishedWith = async (join: 'author' | 'publisher') => {
    const { rows } = await t.db.db.execute<{ book: number; other: number }>(
      join === 'author'
        ? sql`select b.id as book, bc.contributor_id as other from catalog_book b
              join catalog_book_contributor bc on bc.book_id = b.id and bc.role = 'author'
              where b.status = 'published' order by b.id limit 1`
        : sql`select b.id as book, b.publisher_id as other from catalog_book b
              where b.status = 'published' and b.publisher_id is not null order by b.id limit 1`,
    );
    return { book: Number(rows[0]!.book), other: Number(rows[0]!.other) };
  };
  const png = () =>
    sharp({ create: { width: 500, height: 400, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();

  it('lists people by name a page at a time, each once, and finds one by the start of the name or the id', async () => {
    const { rows: counted } = await t.db.db.execute<{ n: number }>(
      sql`select count(*)::int as n from catalog_contributor`,
    );
    const total = Number(counted[0]!.n);
    const seen: DeskPersonRow[] = [];
    let after: string | null = null;
    do {
      const page: { rows: DeskPersonRow[]; next: string | null } = ok(
        await get(`/api/staff/people?limit=7${after ? `&after=${after}` : ''}`),
        deskPersonRows,
      ).data;
      seen.push(...page.rows);
      after = page.next;
    } while (after);
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((p) => p.id)).size).toBe(total);
    const names = seen.map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const one = seen.find((p) => p.titles_count > 0)!;
    const byStart = ok(await get(`/api/staff/people?q=${encodeURIComponent(one.name.slice(0, 3))}`), deskPersonRows);
    expect(byStart.data.rows.map((p) => p.id)).toContain(one.id);
    const byId = ok(await get(`/api/staff/people?q=${one.id}`), deskPersonRows);
    expect(byId.data.rows.map((p) => p.id)).toContain(one.id);
  });

  it('renames a person: the public book and author pages show it at once, search after the refresh job; the slug stays', async () => {
    const { book, other: id } = await publishedWith('author');
    const person = ok(await get(`/api/staff/people/${id}`), deskPersonDetailResponse).data;
    expect(person.books_count).toBeGreaterThan(0);
    expect(person.url).toBe(`/authors/${person.slug}`);
    // both public pages are read (and cached) before the change
    expect(JSON.stringify((await t.app.inject(`/v4/books/${book}`)).json().data.authors)).toContain(person.name);
    expect((await t.app.inject(`/api/book/authors/slug:${person.slug}`)).json().data.name).toBe(person.name);

    const renamed = ok(
      await send('PATCH', `/api/staff/people/${id}`, { name: '  Должинсүрэн Гүнжмаа ', bio: 'Шинэ намтар.' }),
      deskPersonDetailResponse,
    ).data;
    expect(renamed).toMatchObject({ name: 'Должинсүрэн Гүнжмаа', bio: 'Шинэ намтар.', slug: person.slug });

    const page = (await t.app.inject(`/v4/books/${book}`)).json().data;
    expect(page.authors.map((a: { name: string }) => a.name)).toContain('Должинсүрэн Гүнжмаа');
    const author = (await t.app.inject(`/api/book/authors/slug:${person.slug}`)).json().data;
    expect(author).toMatchObject({ name: 'Должинсүрэн Гүнжмаа', bio: 'Шинэ намтар.' });
    // the cards of the lists (card_authors, by the triggers of migration 0011)
    const { rows } = await t.db.db.execute<{ authors: string }>(
      sql`select card_authors::text as authors from catalog_book where id = ${book}`,
    );
    expect(rows[0]!.authors).toContain('Должинсүрэн Гүнжмаа');

    await runQueuedJobs(t.app);
    const found = (await t.app.inject(`/v5/discovery/search?q=${encodeURIComponent('Должинсүрэн')}`)).json().data;
    expect(JSON.stringify(found)).toContain(`"id":${book}`);

    const audit = await auditOf('contributor', id);
    expect(audit.at(-1)).toMatchObject({
      action: 'catalog.contributor_update',
      before: { name: person.name, bio: person.bio },
      after: { name: 'Должинсүрэн Гүнжмаа', bio: 'Шинэ намтар.' },
    });
  });

  it('links one who only narrates to their narrator page', async () => {
    const { rows } = await t.db.db.execute<{ id: number }>(
      sql`select c.id from catalog_contributor c
          where exists (select 1 from catalog_book_contributor bc where bc.contributor_id = c.id and bc.role = 'narrator')
            and not exists (select 1 from catalog_book_contributor bc where bc.contributor_id = c.id and bc.role = 'author')
            and not exists (select 1 from catalog_summary_contributor sc where sc.contributor_id = c.id and sc.role = 'author')
          order by c.id limit 1`,
    );
    expect(rows.length, 'the demo has narrators').toBe(1);
    const narrator = ok(await get(`/api/staff/people/${rows[0]!.id}`), deskPersonDetailResponse).data;
    expect(narrator.url).toBe(`/narrators/${narrator.slug}`);
    expect((await t.app.inject(`/v5/narrators/slug:${narrator.slug}`)).json().data.name).toBe(narrator.name);
  });

  it("sets a person's photo (square) and a publisher's logo from cover uploads", async () => {
    const { other: personId } = await publishedWith('author');
    const staff = await editor();
    const photo = await send('POST', `/api/staff/people/${personId}/photo`, {
      upload_id: await uploadAs(t.app, staff, await png(), 'cover', 'photo.png'),
    });
    const withPhoto = ok(photo, deskPersonDetailResponse).data;
    expect(withPhoto.photo?.md).toMatch(/\/covers\/contributor-\d+-[0-9a-f]{12}-/);
    expect(withPhoto.photo!.height).toBe(withPhoto.photo!.width);
    const slug = withPhoto.slug;
    expect((await t.app.inject(`/api/book/authors/slug:${slug}`)).json().data.photo.md).toBe(withPhoto.photo!.md);
    expect((await auditOf('contributor', personId)).at(-1)).toMatchObject({ action: 'catalog.contributor_photo' });

    const { other: publisherId } = await publishedWith('publisher');
    const logo = await send('POST', `/api/staff/publishers/${publisherId}/logo`, {
      upload_id: await uploadAs(t.app, staff, await png(), 'cover', 'logo.png'),
    });
    expect(ok(logo, deskPublisherDetailResponse).data.logo?.md).toMatch(/\/covers\/publisher-\d+-/);
  });

  it("renames a publisher and changes its description: its books' pages follow at once", async () => {
    const { book, other: id } = await publishedWith('publisher');
    const before = ok(await get(`/api/staff/publishers/${id}`), deskPublisherDetailResponse).data;
    expect(before.books_count).toBeGreaterThan(0);
    expect((await t.app.inject(`/v4/books/${book}`)).json().data.publisher.name).toBe(before.name);

    const changed = ok(
      await send('PATCH', `/api/staff/publishers/${id}`, { name: 'Шинэ Үе хэвлэл', description: 'Тайлбар.' }),
      deskPublisherDetailResponse,
    ).data;
    expect(changed).toMatchObject({ name: 'Шинэ Үе хэвлэл', description: 'Тайлбар.', slug: before.slug });
    expect((await t.app.inject(`/v4/books/${book}`)).json().data.publisher.name).toBe('Шинэ Үе хэвлэл');
    expect((await t.app.inject(`/api/publishers/v3/slug:${before.slug}`)).json().data.name).toBe('Шинэ Үе хэвлэл');

    const listed = ok(await get(`/api/staff/publishers?q=${encodeURIComponent('шинэ үе')}`), deskPublisherRows).data;
    expect(listed.rows.map((p) => p.id)).toContain(id);
    expect((await auditOf('publisher', id)).at(-1)).toMatchObject({
      action: 'catalog.publisher_update',
      before: { name: before.name },
      after: { name: 'Шинэ Үе хэвлэл' },
    });
  });

  it('makes, renames and orders categories; the store lists them in the new order at once', async () => {
    const publicTitles = async () =>
      ((await t.app.inject('/api/categories')).json().data as { title: string }[]).map((c) => c.title);
    await publicTitles(); // cached
    const made = ok(
      await send('POST', '/api/staff/categories', { title: 'Аялал жуулчлал' }),
      deskCategoriesListResponse,
    ).data;
    const created = made.at(-1)!;
    expect(created).toMatchObject({ title: 'Аялал жуулчлал', slug: 'ayalal-juulchlal', position: made.length });
    // the same title again: a slug of its own
    const again = ok(
      await send('POST', '/api/staff/categories', { title: 'Аялал жуулчлал' }),
      deskCategoriesListResponse,
    ).data;
    expect(again.at(-1)!.slug).toBe('ayalal-juulchlal-2');

    // renamed: its slug stays; a category with books shows the new title on their pages
    const { rows } = await t.db.db.execute<{ book: number; category: number }>(
      sql`select bc.book_id as book, bc.category_id as category from catalog_book_category bc
          join catalog_book b on b.id = bc.book_id where b.status = 'published' order by bc.book_id limit 1`,
    );
    const { book, category } = { book: Number(rows[0]!.book), category: Number(rows[0]!.category) };
    await t.app.inject(`/v4/books/${book}`);
    const renamed = ok(
      await send('PATCH', `/api/staff/categories/${category}`, { title: 'Уран зохиол, шүлэг' }),
      deskCategoriesListResponse,
    ).data;
    const slugBefore = again.find((c) => c.id === category)!.slug;
    expect(renamed.find((c) => c.id === category)).toMatchObject({ title: 'Уран зохиол, шүлэг', slug: slugBefore });
    const bookPage = (await t.app.inject(`/v4/books/${book}`)).json().data;
    expect(bookPage.categories.map((c: { title: string }) => c.title)).toContain('Уран зохиол, шүлэг');

    // the whole list in a new order: the last one first
    const ids = renamed.map((c) => c.id);
    const order = [ids.at(-1)!, ...ids.slice(0, -1)];
    const ordered = ok(
      await send('POST', '/api/staff/categories/order', { ids: order }),
      deskCategoriesListResponse,
    ).data;
    expect(ordered.map((c) => c.id)).toEqual(order);
    expect((await publicTitles())[0]).toBe('Аялал жуулчлал');
    // an order missing one (the list changed meanwhile): 409, nothing written
    const stale = await send('POST', '/api/staff/categories/order', { ids: order.slice(1) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'CONFLICT', message: m.orderStale });

    const audit = await auditOf('category');
    expect(audit.map((e) => e.action).slice(-4)).toEqual([
      'catalog.category_create',
      'catalog.category_create',
      'catalog.category_update',
      'catalog.categories_order',
    ]);
  });

  it('answers unknown ids with 404 and bad input with 400, in Mongolian, in the envelope', async () => {
    for (const [url, message] of [
      ['/api/staff/people/999999', m.personNotFound],
      ['/api/staff/publishers/999999', m.publisherNotFound],
    ] as const) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().error).toMatchObject({ code: 'NOT_FOUND', message });
      const patched = await send('PATCH', url, { name: 'Нэр' });
      expect(patched.statusCode, url).toBe(404);
    }
    const category = await send('PATCH', '/api/staff/categories/999999', { title: 'Нэр' });
    expect(category.statusCode).toBe(404);
    expect(category.json().error).toMatchObject({ code: 'NOT_FOUND', message: m.categoryNotFound });

    const { other: id } = await publishedWith('author');
    const blank = await send('PATCH', `/api/staff/people/${id}`, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.name).toBe(m.nameRequired);
    const empty = await send('PATCH', `/api/staff/people/${id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json().error)).toContain(m.nothingToChange);
    const slug = await send('PATCH', `/api/staff/people/${id}`, { slug: 'shine' });
    expect(slug.statusCode).toBe(400);
    const untitled = await send('POST', '/api/staff/categories', { title: '' });
    expect(untitled.json().error.fields.title).toBe(m.titleRequired);
    const twice = await send('POST', '/api/staff/categories/order', { ids: [1, 1] });
    expect(twice.json().error.fields.ids).toBe(m.orderInvalid);
  });
});
