import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import {
  bookmarkResponse,
  bookStateResponse,
  highlightResponse,
  impressionResponse,
  listeningStatsResponse,
  positionsResponse,
  recentResponse,
  savePositionResponse,
  wishlistEntryResponse,
  wishlistResponse,
} from '@nomsan/contracts/library';
import { bookDetailResponse } from '@nomsan/contracts/catalog';
import { userResponse } from '@nomsan/contracts/identity';
import { createAccountsApp, registerByPhone, type AccountsTestApp, type Registered } from '../../test/accounts';

/** Places, bookmarks, highlights and listening time, through the API, for two members. */
describe('library', () => {
  let t: AccountsTestApp;
  let bookId: number;
  /** three published books of the demo catalogue, for the wishlist and likes */
  let books: [number, number, number];
  beforeAll(async () => {
    t = await createAccountsApp();
    const { rows } = await t.db.db.execute<{ id: number }>(
      sql`select book_id as id from catalog_audio_edition order by book_id limit 1`,
    );
    bookId = rows[0]!.id;
    const published = await t.db.db.execute<{ id: number }>(
      sql`select id from catalog_book where status = 'published' order by id limit 3`,
    );
    expect(published.rows).toHaveLength(3);
    books = published.rows.map((row) => row.id) as [number, number, number];
  });
  afterAll(() => t.close());

  const as = (member: Registered) => ({ authorization: `Bearer ${member.token}` });
  const place = (seconds: number, changedAt: Date, extra: object = {}) => ({
    item_type: 'book',
    item_id: bookId,
    format: 'audiobook',
    chapter: 1,
    seconds,
    locator: null,
    progress: 0.1,
    speed: 1.5,
    changed_at: changedAt.toISOString(),
    ...extra,
  });
  const save = (member: Registered, payload: object) =>
    t.app.inject({ method: 'POST', url: '/v5/library/positions', headers: as(member), payload });
  const positions = async (member: Registered) => {
    const answer = await t.app.inject({
      url: `/v5/library/positions?item_type=book&item_id=${bookId}`,
      headers: as(member),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return positionsResponse.parse(answer.json()).data;
  };

  it('keeps the place changed last, whichever device sends it first', async () => {
    const member = await registerByPhone(t.app);
    const now = t.clock.now().getTime();
    const newer = await save(member, place(120, new Date(now - 1_000)));
    expect(savePositionResponse.parse(newer.json()).data.applied).toBe(true);
    // a device that was offline sends an older place afterwards: it does not overwrite
    const older = await save(member, place(30, new Date(now - 60_000)));
    const kept = savePositionResponse.parse(older.json()).data;
    expect(kept.applied).toBe(false);
    expect(kept.position.seconds).toBe(120);
    expect((await positions(member))[0]).toMatchObject({ seconds: 120, speed: 1.5, chapter: 1 });
    // a clock far ahead is taken as now: a later real change still wins
    await save(member, place(200, new Date(now + 86_400_000)));
    t.clock.advance(5_000);
    await save(member, place(250, t.clock.now()));
    expect((await positions(member))[0]!.seconds).toBe(250);
  });

  it('keeps places per format, and lists recent titles with their covers', async () => {
    const member = await registerByPhone(t.app);
    await save(member, place(10, t.clock.now()));
    await save(member, place(0, t.clock.now(), { format: 'ebook', locator: 'epubcfi(/6/4!/4/2/1:0)', chapter: 2 }));
    expect((await positions(member)).map((p) => p.format).sort()).toEqual(['audiobook', 'ebook']);
    const recent = await t.app.inject({ url: '/v5/library/recent', headers: as(member) });
    const items = recentResponse.parse(recent.json()).data;
    expect(items).toHaveLength(2);
    expect(items[0]!.title.length).toBeGreaterThan(0);
    expect(items[0]!.web_link).toMatch(/^\//);
  });

  it('counts seconds listened per Ulaanbaatar day, and refuses an impossible count', async () => {
    const member = await registerByPhone(t.app);
    await save(member, place(60, t.clock.now(), { listened_seconds: 45 }));
    await save(member, place(90, t.clock.now(), { listened_seconds: 30 }));
    const stats = listeningStatsResponse.parse(
      (await t.app.inject({ url: '/v5/library/listening-stats?days=7', headers: as(member) })).json(),
    ).data;
    expect(stats.days).toHaveLength(7);
    expect(stats.days.at(-1)!.seconds).toBe(75);
    expect(stats.total_seconds).toBe(75);
    const tooMuch = await save(member, place(90, t.clock.now(), { listened_seconds: 100_000 }));
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('keeps bookmarks and highlights to their member: another can neither see, change nor remove them', async () => {
    const [owner, other] = [await registerByPhone(t.app), await registerByPhone(t.app)];
    const mark = await t.app.inject({
      method: 'POST',
      url: '/v5/library/bookmarks',
      headers: as(owner),
      payload: {
        item_type: 'book',
        item_id: bookId,
        format: 'audiobook',
        chapter: 1,
        seconds: 42.5,
        locator: null,
        note: 'Гол санаа',
      },
    });
    expect(mark.statusCode, mark.body).toBe(200);
    const bookmark = bookmarkResponse.parse(mark.json()).data;
    const mine = await t.app.inject({
      method: 'POST',
      url: '/v5/library/highlights',
      headers: as(owner),
      payload: {
        item_type: 'book',
        item_id: bookId,
        locator: 'epubcfi(/6/4!/4/2,/1:0,/1:12)',
        text: 'Цагаан сар',
        note: '',
      },
    });
    const highlight = highlightResponse.parse(mine.json()).data;
    expect(highlight.color).toBe('yellow');

    const list = (member: Registered, kind: string) =>
      t.app.inject({ url: `/v5/library/${kind}?item_type=book&item_id=${bookId}`, headers: as(member) });
    expect((await list(other, 'bookmarks')).json().data).toEqual([]);
    expect((await list(other, 'highlights')).json().data).toEqual([]);
    const steal = await t.app.inject({
      method: 'DELETE',
      url: `/v5/library/bookmarks/${bookmark.id}`,
      headers: as(other),
    });
    expect(steal.statusCode).toBe(404);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/v5/library/highlights/${highlight.id}`,
      headers: as(other),
      payload: { note: 'миний' },
    });
    expect(edit.statusCode).toBe(404);
    const erase = await t.app.inject({
      method: 'DELETE',
      url: `/v5/library/highlights/${highlight.id}`,
      headers: as(other),
    });
    expect(erase.statusCode).toBe(404);
    expect((await list(owner, 'bookmarks')).json().data).toHaveLength(1);
    expect((await list(owner, 'highlights')).json().data[0]).toMatchObject({ note: '' });

    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/v5/library/highlights/${highlight.id}`,
      headers: as(owner),
      payload: { note: 'Сайхан өгүүлбэр', color: 'green' },
    });
    expect(highlightResponse.parse(changed.json()).data).toMatchObject({ note: 'Сайхан өгүүлбэр', color: 'green' });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v5/library/bookmarks/${bookmark.id}`,
      headers: as(owner),
    });
    expect(removed.json()).toEqual({ data: { ok: true } });
    expect((await list(owner, 'bookmarks')).json().data).toEqual([]);
  });

  it('answers a visitor 401 and an empty patch 400, in Mongolian', async () => {
    const visitor = await t.app.inject({ url: `/v5/library/positions?item_type=book&item_id=${bookId}` });
    expect(visitor.statusCode).toBe(401);
    const member = await registerByPhone(t.app);
    const empty = await t.app.inject({
      method: 'PATCH',
      url: '/v5/library/highlights/1',
      headers: as(member),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/[а-яөү]/i);
  });

  describe('wishlist and likes', () => {
    const call = (member: Registered | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, ...(member ? { headers: as(member) } : {}), ...(payload ? { payload } : {}) });
    const wishlist = async (member: Registered, query = '') => {
      const answer = await call(member, 'GET', `/v5/wishlists${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return wishlistResponse.parse(answer.json()).data;
    };
    /** the spec's `user.likes`: the books the member likes, from `/api/user?include=likes` */
    const likedBy = async (member: Registered) => {
      const answer = await call(member, 'GET', '/api/user?include=likes');
      expect(answer.statusCode, answer.body).toBe(200);
      return userResponse.parse(answer.json()).data.likes;
    };
    const state = async (member: Registered, ids: readonly number[]) => {
      const answer = await call(member, 'GET', `/v5/library/book-state?book_id=${ids.join(',')}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return bookStateResponse.parse(answer.json()).data;
    };
    const likesOf = async (id: number) =>
      bookDetailResponse.parse((await t.app.inject({ url: `/v4/books/${id}` })).json()).data.likes_count;

    it('keeps a book once however often it is added, and lists the wishlist newest first a page at a time', async () => {
      const [a, b, c] = books;
      const member = await registerByPhone(t.app);
      const first = await call(member, 'POST', '/v5/wishlists', { book_id: a });
      expect(first.statusCode, first.body).toBe(200);
      const entry = wishlistEntryResponse.parse(first.json()).data;
      expect(entry).toMatchObject({ book_id: a, book: { id: a } });
      t.clock.advance(1_000);
      const again = await call(member, 'POST', '/v5/wishlists', { book_id: a });
      expect(again.statusCode).toBe(200);
      expect(wishlistEntryResponse.parse(again.json()).data.created_at).toBe(entry.created_at);
      t.clock.advance(1_000);
      await call(member, 'POST', '/v5/wishlists', { book_id: b });
      t.clock.advance(1_000);
      await call(member, 'POST', '/v5/wishlists', { book_id: c });

      const page1 = await wishlist(member, '?page=1&page[size]=2');
      expect(page1).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
      expect(page1.data.map((e) => e.book_id)).toEqual([c, b]);
      const page2 = await wishlist(member, '?page=2&page[size]=2');
      expect(page2.data.map((e) => e.book_id)).toEqual([a]);
      expect(page2.data[0]!.book.title.length).toBeGreaterThan(0);

      const removed = await call(member, 'DELETE', `/v5/wishlists/${b}`);
      expect(removed.json()).toEqual({ data: { ok: true } });
      // removing what is not there is not an error either (a double tap, another device)
      expect((await call(member, 'DELETE', `/v5/wishlists/${b}`)).statusCode).toBe(200);
      expect((await wishlist(member)).data.map((e) => e.book_id)).toEqual([c, a]);
      expect(await state(member, [a, b, c])).toEqual({ wishlisted: expect.arrayContaining([a, c]), impressed: [] });
      expect((await state(member, [a, b, c])).wishlisted).toHaveLength(2);
    });

    it("counts a like once per member in the book's likes count, and takes it back once", async () => {
      const [, book] = books;
      const [one, two] = [await registerByPhone(t.app), await registerByPhone(t.app)];
      const before = await likesOf(book);
      const like = async (member: Registered) => {
        const answer = await call(member, 'POST', '/v4/books/impression', { book_id: book });
        expect(answer.statusCode, answer.body).toBe(200);
        return impressionResponse.parse(answer.json()).data;
      };
      const unlike = async (member: Registered) => {
        const answer = await call(member, 'DELETE', `/v4/books/impression?book_id=${book}`);
        expect(answer.statusCode, answer.body).toBe(200);
        return impressionResponse.parse(answer.json()).data;
      };
      expect(await like(one)).toEqual({ book_id: book, impressed: true, likes_count: before + 1 });
      expect(await like(one)).toEqual({ book_id: book, impressed: true, likes_count: before + 1 });
      expect((await like(two)).likes_count).toBe(before + 2);
      expect(await likesOf(book)).toBe(before + 2);
      expect((await state(one, [book])).impressed).toEqual([book]);
      expect(await likedBy(one)).toEqual([book]);
      expect(await unlike(one)).toEqual({ book_id: book, impressed: false, likes_count: before + 1 });
      expect((await unlike(one)).likes_count).toBe(before + 1);
      expect(await likesOf(book)).toBe(before + 1);
      expect((await state(one, [book])).impressed).toEqual([]);
      expect((await state(two, [book])).impressed).toEqual([book]);
      expect(await likedBy(one)).toEqual([]);
      expect(await likedBy(two)).toEqual([book]);
    });

    it("never shows nor removes another member's entries", async () => {
      const [book] = books;
      const [owner, other] = [await registerByPhone(t.app), await registerByPhone(t.app)];
      await call(owner, 'POST', '/v5/wishlists', { book_id: book });
      await call(owner, 'POST', '/v4/books/impression', { book_id: book });
      const likes = await likesOf(book);

      expect((await wishlist(other)).total).toBe(0);
      expect(await state(other, [book])).toEqual({ wishlisted: [], impressed: [] });
      expect(await likedBy(other)).toEqual([]);
      // the other member's removal names their own (absent) entry: the owner's stays
      expect((await call(other, 'DELETE', `/v5/wishlists/${book}`)).statusCode).toBe(200);
      const unlike = await call(other, 'DELETE', `/v4/books/impression?book_id=${book}`);
      expect(impressionResponse.parse(unlike.json()).data).toEqual({
        book_id: book,
        impressed: false,
        likes_count: likes,
      });
      expect((await wishlist(owner)).data.map((e) => e.book_id)).toEqual([book]);
      expect(await state(owner, [book])).toEqual({ wishlisted: [book], impressed: [book] });
      expect(await likesOf(book)).toBe(likes);
    });

    it('answers a visitor 401, and bad input or an unknown book in Mongolian without changing anything', async () => {
      const [book] = books;
      for (const [method, url, payload] of [
        ['GET', '/v5/wishlists'],
        ['POST', '/v5/wishlists', { book_id: book }],
        ['DELETE', `/v5/wishlists/${book}`],
        ['GET', `/v5/library/book-state?book_id=${book}`],
        ['POST', '/v4/books/impression', { book_id: book }],
        ['DELETE', `/v4/books/impression?book_id=${book}`],
      ] as const) {
        const answer = await call(null, method, url, payload);
        expect(answer.statusCode, `${method} ${url}`).toBe(401);
        expect(answer.json().error.code).toBe('UNAUTHORIZED');
      }

      const member = await registerByPhone(t.app);
      const refused = [
        await call(member, 'POST', '/v5/wishlists', { book_id: 'x' }),
        await call(member, 'POST', '/v5/wishlists', { book_id: 0 }),
        await call(member, 'POST', '/v5/wishlists', { book_id: book, note: 'extra' }),
        await call(member, 'POST', '/v5/wishlists', {}),
        await call(member, 'DELETE', '/v5/wishlists/0x10'),
        await call(member, 'GET', '/v5/wishlists?page=0'),
        await call(member, 'GET', '/v5/library/book-state?book_id=1,,2'),
        await call(
          member,
          'GET',
          `/v5/library/book-state?book_id=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
        ),
        await call(member, 'POST', '/v4/books/impression', { book_id: -1 }),
        await call(member, 'DELETE', '/v4/books/impression?book_id=abc'),
        await call(member, 'DELETE', '/v4/books/impression'),
      ];
      for (const answer of refused) {
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.json().error.message).toMatch(/[а-яөү]/i);
      }
      const unknown = await call(member, 'POST', '/v5/wishlists', { book_id: 2_147_483_647 });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.message).toBe('Ийм ном олдсонгүй.');
      expect((await call(member, 'POST', '/v4/books/impression', { book_id: 2_147_483_647 })).statusCode).toBe(404);
      expect((await wishlist(member)).total).toBe(0);
      expect(await state(member, [book])).toEqual({ wishlisted: [], impressed: [] });
    });
  });
});
