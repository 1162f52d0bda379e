import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from '@nomsan/db/orm';
import { mn } from '@nomsan/contracts/messages';
import {
  popularQueriesResponse,
  searchResponse,
  searchTypes,
  suggestResponse,
  topSearchesResponse,
  type SearchResult,
} from '@nomsan/contracts/search';
import { createTestApp, type TestApp } from '../../test/app';

describe('search API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const search = async (query: string): Promise<SearchResult> => {
    const response = await t.app.inject(`/v5/discovery/search?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return searchResponse.parse(response.json()).data;
  };
  const logged = async (query: string) => {
    const result = await t.db.db.execute<{ n: number; results: number | null }>(
      sql`select count(*)::int as n, max(results_count) as results from search_query_log where query = ${query}`,
    );
    return result.rows[0] ?? { n: 0, results: null };
  };

  it('answers blank or whitespace queries with an empty result, not an error', async () => {
    // a tab is a control character: refused before routing, like any (docs/api.md)
    for (const q of ['', '%20%20%20', '+']) {
      const result = await search(`q=${q}`);
      expect(result).toMatchObject({ data: [], total: 0, current_page: 1, last_page: 1 });
      expect(result.counts.all).toBe(0);
    }
    expect((await search('type=ebook')).total).toBe(0);
  });

  it.each([
    ['an over-long query', `q=${'а'.repeat(201)}`, mn.search.queryTooLong],
    ['an unknown type', 'q=nom&type=book', mn.search.unknownType],
    ['page 0', 'q=nom&page=0', mn.search.pageOutOfRange],
    ['a page that is not a number', 'q=nom&page=abc', mn.search.pageOutOfRange],
    [
      'a page past the last',
      'q=%D1%86%D0%B0%D0%B3%D0%B0%D0%B0%D0%BD%20%D1%81%D0%B0%D1%80&page=40',
      mn.search.pageOutOfRange,
    ],
  ])('refuses %s with 400 in the envelope', async (_, query, message) => {
    const response = await t.app.inject(`/v5/discovery/search?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(JSON.stringify(response.json().error)).toContain(message);
  });

  it('accepts a query of exactly 200 characters', async () => {
    expect((await search(`q=${'xyzq'.repeat(50)}`)).total).toBe(0);
  });

  it.each([
    `"цагаан"`,
    `%`,
    `_`,
    `\\`,
    `' or 1=1 --`,
    `(a|b)*`,
    `[`,
    `$1`,
    `:*`,
    `!&|`,
    `%_%`,
    `<script>`,
    `'); drop table catalog_book; --`,
  ])('treats %s as plain text', async (q) => {
    const response = await t.app.inject(`/v5/discovery/search?q=${encodeURIComponent(q)}`);
    expect(response.statusCode).toBe(200);
    expect(searchResponse.safeParse(response.json()).success).toBe(true);
  });

  it('still finds a title wrapped in syntax', async () => {
    const result = await search(`q=${encodeURIComponent(`"цагаан сар" %`)}`);
    expect(result.data[0]?.title).toBe('Цагаан сар');
  });

  it('counts every tab, and each tab lists only its own type', async () => {
    const all = await search('q=ном');
    expect(all.counts.all).toBeGreaterThan(0);
    expect(all.counts.all).toBe(all.total);
    for (const type of searchTypes.filter((t) => t !== 'all')) {
      const tab = await search(`q=ном&type=${type}&page[size]=50`);
      expect(tab.total, type).toBe(all.counts[type]);
      expect(tab.counts).toEqual(all.counts);
      for (const hit of tab.data) {
        if (type === 'audiobook')
          expect(hit.type !== 'summary' && hit.type !== 'episode' && hit.formats).toContain('audiobook');
        if (type === 'ebook')
          expect(hit.type !== 'summary' && hit.type !== 'episode' && hit.formats).toContain('ebook');
        if (type === 'episode' || type === 'summary') expect(hit.type).toBe(type);
      }
    }
  });

  it('pages through results without repeating one', async () => {
    const first = await search('q=сэтгэл&page[size]=5');
    expect(first.last_page).toBeGreaterThan(1);
    const second = await search('q=сэтгэл&page[size]=5&page=2');
    expect(second.current_page).toBe(2);
    const ids = new Set(first.data.map((h) => `${h.type}:${h.id}`));
    expect(second.data.some((h) => ids.has(`${h.type}:${h.id}`))).toBe(false);
  });

  it('filters by category and sorts by popularity or date', async () => {
    const categories = (await t.app.inject('/api/categories')).json().data as { id: number; books_count: number }[];
    const category = categories.find((c) => c.books_count > 5)!;
    const filtered = await search(`q=ном&category_id=${category.id}`);
    expect(filtered.total).toBeLessThanOrEqual((await search('q=ном')).total);
    const newest = await search('q=сэтгэл&sort=newest&type=episode');
    const dates = newest.data.map((h) => (h.type === 'episode' ? h.published_at : ''));
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('suggests the first items for what is being typed, from the second letter', async () => {
    const suggest = async (q: string) =>
      suggestResponse.parse((await t.app.inject(`/v5/discovery/suggest?q=${encodeURIComponent(q)}`)).json()).data;
    expect(await suggest('ц')).toEqual([]);
    expect((await suggest('ца')).length).toBeGreaterThan(0);
    const tsagaan = await suggest('tsagaan');
    expect(tsagaan.length).toBeLessThanOrEqual(6);
    expect(tsagaan[0]?.title).toMatch(/^Цагаан/);
    expect((await t.app.inject(`/v5/discovery/suggest?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('records every first-page search, with or without results, off the request path', async () => {
    await search('q=%D0%A6%D0%B0%D0%B3%D0%B0%D0%B0%D0%BD%20%D1%81%D0%B0%D1%80'); // "Цагаан сар"
    await search('q=zzqxw+unfindable');
    await search('q=zzqxw+unfindable&page=1&type=ebook');
    await vi.waitFor(async () => expect((await logged('цагаан сар')).n).toBe(1), { timeout: 5000 });
    expect((await logged('цагаан сар')).results).toBeGreaterThan(0);
    await vi.waitFor(async () => expect((await logged('zzqxw unfindable')).n).toBe(2), { timeout: 5000 });
    expect((await logged('zzqxw unfindable')).results).toBe(0);
  });

  it('records a query exactly as typed, whatever its characters, with the time of the search', async () => {
    // what an array parameter's text form would mangle if it were not escaped
    const queries = [`{"a,b"} \\ null`, `null`, `'); drop table search_query_log; --`, `"ном"`, `а, б {в}`];
    const before = Date.now();
    for (const q of queries) await search(`q=${encodeURIComponent(q)}`);
    for (const q of queries) {
      await vi.waitFor(async () => expect((await logged(q)).n, q).toBe(1), { timeout: 5000 });
    }
    const rows = await t.db.db.execute<{ at: Date | string; user_id: number | null }>(
      sql`select created_at as at, user_id from search_query_log where query = ${queries[0]}`,
    );
    const at = new Date(rows.rows[0]!.at).getTime();
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(rows.rows[0]!.user_id).toBeNull();
  });

  it('records concurrent searches, one row each', async () => {
    await Promise.all(Array.from({ length: 40 }, () => search('q=concurrent+zebra')));
    await vi.waitFor(async () => expect((await logged('concurrent zebra')).n).toBe(40), { timeout: 5000 });
  });

  it('rolls the log up per day and query, whatever writes it and however often, and prunes the rollup with the log', async () => {
    const day = async (query: string) =>
      (
        await t.db.db.execute<{ day: string; searches: number; results_count: number }>(
          sql`select day::text, searches, results_count from search_query_day where query = ${query} order by day`,
        )
      ).rows;
    const insert = (query: string, results: number, at: string) =>
      t.db.db.execute(sql`insert into search_query_log (query, type, results_count, created_at)
        values (${query}, 'all', ${results}, ${at}::timestamptz)`);
    // three statements on one UTC day (the latest, not the last written, gives the count), one
    // without results (not counted), one on the next day; and twenty written at once
    await insert('rollup test', 4, '2026-01-10T10:00:00Z');
    await insert('rollup test', 6, '2026-01-10T23:59:00Z');
    await insert('rollup test', 5, '2026-01-10T12:00:00Z');
    await insert('rollup test', 0, '2026-01-10T13:00:00Z');
    await insert('rollup test', 7, '2026-01-11T00:01:00Z');
    await Promise.all(Array.from({ length: 20 }, () => insert('rollup concurrent', 2, '2026-01-10T09:00:00Z')));
    expect(await day('rollup test')).toEqual([
      { day: '2026-01-10', searches: 3, results_count: 6 },
      { day: '2026-01-11', searches: 1, results_count: 7 },
    ]);
    expect(await day('rollup concurrent')).toEqual([{ day: '2026-01-10', searches: 20, results_count: 2 }]);
    const { services, kernel } = t.app.modules!;
    await services.search.pruneLog(kernel.root, Date.now() - Date.parse('2026-01-11T00:00:00Z'));
    expect(await day('rollup test')).toEqual([{ day: '2026-01-11', searches: 1, results_count: 7 }]);
    expect(await day('rollup concurrent')).toEqual([]);
  });

  it('lists popular queries (searched more than once, with results) and top searches', async () => {
    await t.db.db.execute(sql`
      insert into search_query_log (query, type, results_count, created_at)
      select q, 'all', r, now() - interval '1 day'
      from (values ('хатны араас', 1, 3), ('сэтгэл зүй', 30, 5), ('ганц удаа', 9, 1), ('олдохгүй', 0, 9)) v(q, r, times),
           generate_series(1, v.times)`);
    const popular = popularQueriesResponse.parse(
      (await t.app.inject('/api/search/queries?sort=-results_count&take=20')).json(),
    ).data;
    const queries = popular.map((p) => p.query);
    expect(queries).toContain('хатны араас');
    expect(queries.indexOf('сэтгэл зүй')).toBeLessThan(queries.indexOf('хатны араас'));
    expect(queries).not.toContain('ганц удаа');
    expect(queries).not.toContain('олдохгүй');
    expect(popular.every((p) => p.results_count > 0 && p.searches_count >= 2)).toBe(true);
    const results = popular.map((p) => p.results_count);
    expect([...results].sort((a, b) => b - a)).toEqual(results);
    const three = popularQueriesResponse.parse(
      (await t.app.inject('/api/search/queries?sort=-results_count&take=3')).json(),
    );
    expect(three.data).toHaveLength(3);
    const top = topSearchesResponse.parse((await t.app.inject('/v5/discovery/top-searches')).json()).data;
    expect(top).toContainEqual({ query: 'сэтгэл зүй', searches_count: 5 });
    expect(top.some((s) => s.query === 'олдохгүй' || s.query === 'ганц удаа')).toBe(false);
    expect((await t.app.inject('/api/search/queries?take=0')).statusCode).toBe(400);
  });
});
