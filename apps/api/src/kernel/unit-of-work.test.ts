import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import { createTestDatabase, type TestDatabase } from '@nomsan/db/testing';
import { tag } from '../lib/cache-tags';
import { createModules } from '../modules/index';
import { reindexJob } from '../modules/search/search.service';
import type { ComposedModules } from './module';
import { transaction } from './unit-of-work';

/**
 * A flow that writes in two modules and enqueues a job commits once or not at all, and tells
 * the caches only once it has committed. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
describe('one unit of work across modules', () => {
  let t: TestDatabase;
  let composed: ComposedModules;
  let bookId: number;
  let title: string;
  let price: number;
  const heard: string[][] = [];

  const state = async () => {
    const book = await t.handle.db.execute<{ title: string }>(sql`select title from catalog_book where id = ${bookId}`);
    const offer = await t.handle.db.execute<{ price_mnt: number }>(
      sql`select price_mnt from commerce_offer where item_type = 'book' and item_id = ${bookId} and format = 'ebook' and active`,
    );
    const jobs = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from system_job where name = ${reindexJob.name}`,
    );
    return { title: book.rows[0]?.title, price: offer.rows[0]?.price_mnt, jobs: jobs.rows[0]?.n };
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    composed = createModules({ db: t.handle, publicBaseUrl: 'http://localhost:3000', mediaBaseUrl: '/media' });
    composed.kernel.invalidations.subscribe((tags) => heard.push(tags));
    const [row] = (
      await t.handle.db.execute<{ id: number; title: string; price_mnt: number }>(sql`
        select b.id, b.title, o.price_mnt from catalog_book b
          join commerce_offer o on o.item_type = 'book' and o.item_id = b.id and o.format = 'ebook' and o.active
         where b.status = 'published' and o.price_mnt is not null
         order by b.id limit 1`)
    ).rows;
    // the demo catalogue sells e-books: the flow needs one
    expect(row).toBeDefined();
    ({ id: bookId, title, price_mnt: price } = row!);
  });
  afterAll(async () => {
    await composed.close();
    await t.dispose();
  });

  /** a back-office edit: the title (catalog), the price (commerce), and a reindex (the queue) */
  const edit = (newTitle: string, newPrice: number, failAtEnd: boolean) =>
    transaction(composed.kernel.root, async (ctx) => {
      const { catalog, commerce, jobs } = composed.services;
      await catalog.edits.updateBook(ctx, bookId, { title: newTitle });
      await commerce.setPrice(ctx, { itemType: 'book', itemId: bookId, format: 'ebook' }, newPrice);
      await jobs.enqueue(ctx, reindexJob, {});
      if (failAtEnd) throw new Error('the last step failed');
    });

  it('leaves no row, no job and no invalidation behind when its last step fails', async () => {
    const before = await state();
    expect(before).toEqual({ title, price, jobs: 0 });
    heard.length = 0;
    await expect(edit('Шинэ нэр', price + 1000, true)).rejects.toThrow('the last step failed');
    expect(await state()).toEqual(before);
    expect(heard).toEqual([]);
  });

  it('leaves nothing behind when a step in the middle refuses its input', async () => {
    const before = await state();
    await expect(edit('Шинэ нэр', -5, false)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await state()).toEqual(before);
    expect(heard).toEqual([]);
  });

  it('commits every step together, then tells every cache what changed', async () => {
    await edit('Шинэ нэр', price + 1000, false);
    expect(await state()).toEqual({ title: 'Шинэ нэр', price: price + 1000, jobs: 1 });
    expect(heard.flat()).toEqual(expect.arrayContaining([tag.book(bookId), tag.offers]));
  });

  it('shows the change on the next read, the cached answer dropped', async () => {
    const { catalog } = composed.services;
    const cachedBefore = await catalog.book(composed.kernel.root, { id: bookId });
    await catalog.edits.updateBook(composed.kernel.root, bookId, { title: 'Дахин өөр нэр' });
    expect(cachedBefore.title).not.toBe('Дахин өөр нэр');
    expect((await catalog.book(composed.kernel.root, { id: bookId })).title).toBe('Дахин өөр нэр');
  });

  it('reads its own uncommitted write through a service, which no one else sees after a rollback', async () => {
    const { catalog } = composed.services;
    const root = composed.kernel.root;
    // kept in the caches now: a read inside the transaction must not be answered from them
    const before = await catalog.book(root, { id: bookId });
    const [cardBefore] = await catalog.bookCardsByIds(root, [bookId]);
    const seen: { title?: string; card?: string } = {};
    await expect(
      transaction(root, async (ctx) => {
        await catalog.edits.updateBook(ctx, bookId, { title: 'Буцаагдах нэр' });
        seen.title = (await catalog.book(ctx, { id: bookId })).title;
        seen.card = (await catalog.bookCardsByIds(ctx, [bookId]))[0]?.title;
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen).toEqual({ title: 'Буцаагдах нэр', card: 'Буцаагдах нэр' });
    expect((await catalog.book(root, { id: bookId })).title).toBe(before.title);
    expect((await catalog.bookCardsByIds(root, [bookId]))[0]?.title).toBe(cardBefore?.title);
    expect(await state()).toMatchObject({ title: before.title });
  });
});
