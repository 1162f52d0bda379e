import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CACHE_TAG_HEADER, noteTags, tag } from '../lib/cache-tags';
import { cacheRegistry } from '../lib/tagged-cache';
import { installHttpCaching } from './http-caching';

function smallApp() {
  const app = Fastify();
  installHttpCaching(app);
  const caches = cacheRegistry();
  const books = caches.lru<number, { id: number; categoryId: number }>({
    max: 100,
    ttlMs: 60_000,
    tags: (book) => [tag.book(book.id), tag.category(book.categoryId)],
  });
  const categories = caches.cached({ ttlMs: 60_000, tags: () => [tag.categories] }, async () => ['fiction']);
  const book = (id: number) =>
    books.get(id, async () => {
      // another request runs meanwhile: its tags must not end up in this one's answer
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { id, categoryId: 7 };
    });

  app.get('/books/:id', { config: { publicCache: true } }, async (request) => {
    const id = Number((request.params as { id: string }).id);
    return { book: await book(id), categories: await categories() };
  });
  app.get('/offers', { config: { publicCache: true } }, async () => {
    noteTags([tag.offers]);
    return { offers: [] };
  });
  app.get('/untagged', { config: { publicCache: true } }, async () => ({ ok: true }));
  app.get('/many', { config: { publicCache: true } }, async () => {
    const ids = Array.from({ length: 200 }, (_, i) => i + 1);
    return { books: await Promise.all(ids.map(book)) };
  });
  app.get('/mine', async () => ({ book: await book(1) }));
  return app;
}

describe('Cache-Tag on public answers', () => {
  const app = smallApp();
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  const tagsOf = (header: string | string[] | number | undefined) => String(header).split(',').sort();

  it('names the tags of every cached read of the answer, hit or miss, each once', async () => {
    for (const attempt of ['miss', 'hit']) {
      const response = await app.inject({ url: '/books/1' });
      expect(response.statusCode, attempt).toBe(200);
      expect(tagsOf(response.headers['cache-tag']), attempt).toEqual(
        [tag.book(1), tag.categories, tag.category(7)].sort(),
      );
    }
  });

  it('keeps the tags of concurrent requests apart', async () => {
    const [two, three] = await Promise.all([app.inject({ url: '/books/2' }), app.inject({ url: '/books/3' })]);
    expect(tagsOf(two.headers['cache-tag'])).toEqual([tag.book(2), tag.categories, tag.category(7)].sort());
    expect(tagsOf(three.headers['cache-tag'])).toEqual([tag.book(3), tag.categories, tag.category(7)].sort());
  });

  it('sends tags noted by hand, and the coarse tag for an answer that named none', async () => {
    expect((await app.inject({ url: '/offers' })).headers['cache-tag']).toBe(tag.offers);
    expect((await app.inject({ url: '/untagged' })).headers['cache-tag']).toBe(tag.catalog);
  });

  it('says `catalog` instead of a header longer than a CDN takes', async () => {
    const response = await app.inject({ url: '/many' });
    expect(200 * tag.book(100).length).toBeGreaterThan(MAX_CACHE_TAG_HEADER);
    expect(response.headers['cache-tag']).toBe(tag.catalog);
  });

  it('sends it with a 304 too, and nothing on answers that are not public', async () => {
    const first = await app.inject({ url: '/books/1' });
    const again = await app.inject({ url: '/books/1', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-tag']).toBe(first.headers['cache-tag']);
    const mine = await app.inject({ url: '/mine' });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-tag']).toBeUndefined();
    expect(mine.headers['cache-control']).toBeUndefined();
  });
});
