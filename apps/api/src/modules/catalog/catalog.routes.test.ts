import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriesResponse, newsfeedTabResponse, newsfeedTabs } from '@nomsan/contracts/catalog';
import { createTestApp, type TestApp } from '../../test/app';

describe('catalogue browse endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the categories with their book counts', async () => {
    const response = await t.app.inject('/api/categories');
    expect(response.statusCode).toBe(200);
    const { data } = categoriesResponse.parse(response.json());
    expect(data.length).toBeGreaterThanOrEqual(12);
    expect(data.every((c) => /[А-Яа-яӨөҮү]/.test(c.title) && /^[a-z0-9-]+$/.test(c.slug))).toBe(true);
    expect(data.some((c) => c.books_count > 0)).toBe(true);
  });

  it.each(newsfeedTabs)('serves the %s newsfeed tab as shelves of cards', async (tab) => {
    const response = await t.app.inject(`/api/newsfeed/tabs/${tab}`);
    expect(response.statusCode).toBe(200);
    const { data } = newsfeedTabResponse.parse(response.json());
    expect(data.tab).toBe(tab);
    expect(data.shelves.length).toBeGreaterThan(0);
    for (const shelf of data.shelves) {
      expect(shelf.items.length).toBeGreaterThan(0);
      for (const item of shelf.items) expect(item.cover.md).toMatch(/^\/media\/covers\/[a-z]+-\d+-320\.webp$/);
    }
  });

  it('builds the home feed from popular audiobooks, new e-books, summaries, English books and podcasts', async () => {
    const { data } = newsfeedTabResponse.parse((await t.app.inject('/api/newsfeed/tabs/for-you')).json());
    expect(data.shelves.map((s) => s.id)).toEqual([
      'popular-audio',
      'newest-ebooks',
      'summaries',
      'english',
      'podcasts',
    ]);
    const popular = data.shelves[0]!.items;
    expect(popular.every((item) => item.type === 'book' && item.formats.includes('audiobook'))).toBe(true);
    expect(popular.every((item) => item.type === 'book' && item.authors.length > 0)).toBe(true);
  });

  it('rejects an unknown tab with 400 in the envelope', async () => {
    const response = await t.app.inject('/api/newsfeed/tabs/nope');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });
});
