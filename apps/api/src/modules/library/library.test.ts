import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import {
  bookmarkResponse,
  highlightResponse,
  listeningStatsResponse,
  positionsResponse,
  recentResponse,
  savePositionResponse,
} from '@nomsan/contracts/library';
import { createAccountsApp, registerByPhone, type AccountsTestApp, type Registered } from '../../test/accounts';

/** Places, bookmarks, highlights and listening time, through the API, for two members. */
describe('library', () => {
  let t: AccountsTestApp;
  let bookId: number;
  beforeAll(async () => {
    t = await createAccountsApp();
    const { rows } = await t.db.db.execute<{ id: number }>(
      sql`select book_id as id from catalog_audio_edition order by book_id limit 1`,
    );
    bookId = rows[0]!.id;
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
});
