import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from '@nomsan/db/orm';
import { createTestApp, type TestApp } from '../../test/app';

/**
 * What a book's page asks of the API (apps/web/app/routes/book-detail.tsx and the root loader
 * on the server; its neighbour shelves from the browser), and how many SQL statements that
 * costs: each fact is read once per page, the book itself not again by every later call, and
 * concurrent pages share their statements (ADR 020).
 */
describe('the API calls of a book page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** statements sent to the database (either driver) while `work` runs */
  async function statements(work: () => Promise<void>): Promise<number> {
    return (await statementTexts(work)).length;
  }
  /** the text of each statement sent while `work` runs */
  async function statementTexts(work: () => Promise<void>): Promise<string[]> {
    const spies = [vi.spyOn(PGlite.prototype, 'query'), vi.spyOn(pg.Pool.prototype, 'query')];
    try {
      await work();
      return spies.flatMap((spy) =>
        spy.mock.calls.map(([query]) => (typeof query === 'string' ? query : (query as { text: string }).text)),
      );
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  }

  const page = (slug: string) => async () => {
    const book = await t.app.inject(`/v4/books/slug:${slug}`);
    expect(book.statusCode).toBe(200);
    const { id } = (book.json() as { data: { id: number } }).data;
    const answers = await Promise.all(
      [
        `/api/reviews?reviewable_type=book&reviewable_id=${id}&include=latestFiveReplies`,
        `/v5/books/${id}/related?type=semantic`,
        `/v5/books/${id}/related?type=author`,
        `/v5/books/${id}/bundles`,
      ].map((url) => t.app.inject(url)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
  };

  it('reads a never-seen book once, and a seen one not at all', async () => {
    const rows = await t.db.db.execute<{ slug: string }>(sql`
      select b.slug from catalog_book b
       where b.status = 'published' and b.kind = 'book'
         and exists (select 1 from catalog_review r where r.reviewable_type = 'book' and r.reviewable_id = b.id)
       order by b.id desc limit 1`);
    const slug = rows.rows[0]?.slug;
    expect(slug, 'a published book with reviews').toBeDefined();

    const cold = await statements(page(slug!));
    // the book by its slug, its neighbours with their cards, its author's shelf, its bundles,
    // its reviews with their replies: one statement each, nothing about the book read twice
    expect(cold).toBeLessThanOrEqual(5);
    const warm = await statements(page(slug!));
    // reviews are fresh on every request (with their replies, one statement)
    expect(warm).toBeLessThanOrEqual(1);
  });

  it('reads the books that concurrent requests ask for in one statement', async () => {
    const rows = await t.db.db.execute<{ id: number; slug: string }>(sql`
      select id, slug from catalog_book where status = 'published' order by id limit 6`);
    expect(rows.rows, 'six published books').toHaveLength(6);
    const byId = rows.rows.slice(0, 3).map((row) => `/v4/books/${row.id}`);
    const bySlug = rows.rows.slice(3).map((row) => `/v4/books/slug:${row.slug}`);
    const read = await statements(async () => {
      const answers = await Promise.all([...byId, ...bySlug].map((url) => t.app.inject(url)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const ids = answers.map((a) => (a.json() as { data: { id: number } }).data.id);
      expect(ids).toEqual(rows.rows.map((row) => row.id));
    });
    // one statement by id, one by slug
    expect(read).toBe(2);
  });

  it('reads the first page of reviews of every book that concurrent requests ask for in one statement', async () => {
    const rows = await t.db.db.execute<{ id: number }>(sql`
      select b.id from catalog_book b
       where b.status = 'published'
         and (select count(*) from catalog_review r where r.reviewable_type = 'book' and r.reviewable_id = b.id) >= 2
       order by b.id limit 3`);
    expect(rows.rows, 'three published books with reviews').toHaveLength(3);
    const urls = rows.rows.map(
      (row) => `/api/reviews?reviewable_type=book&reviewable_id=${row.id}&include=latestFiveReplies`,
    );
    const one = async (url: string) => (await t.app.inject(url)).json() as unknown;
    const alone: unknown[] = [];
    for (const url of urls) alone.push(await one(url));
    let together: unknown[] = [];
    const texts = await statementTexts(async () => {
      together = await Promise.all(urls.map(one));
    });
    // each book's own reviews, as when asked for alone
    expect(together).toEqual(alone);
    expect(texts.filter((text) => /from "catalog_review"/.test(text) && /lateral/.test(text))).toHaveLength(1);
  });
});
