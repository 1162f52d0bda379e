import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SearchQuery } from '@nomsan/contracts/search';
import { createTestDatabase, type TestDatabase } from '@nomsan/db/testing';
import type { ModuleServices } from '../../kernel/module';
import type { Ctx } from '../../kernel/unit-of-work';
import { createModules } from '../index';
import { searchService, type SearchService } from './search.service';

// Counts stop at a cap (1 000 in the store): past it, the scans read only the most popular
// matches. The demo catalogue is small, so most of these tests lower the cap to reach it.
describe('search service', () => {
  let t: TestDatabase;
  let services: ModuleServices;
  let ctx: Ctx;
  const made: SearchService[] = [];
  let capped: (countCap: number) => SearchService;
  beforeAll(async () => {
    t = await createTestDatabase();
    const composed = createModules({ db: t.handle, publicBaseUrl: 'http://localhost:3000', mediaBaseUrl: '/media' });
    services = composed.services;
    ctx = composed.kernel.root;
    capped = (countCap) => {
      const search = searchService(composed.kernel, {
        catalog: services.catalog,
        podcasts: services.podcasts,
        countCap,
      });
      made.push(search);
      return search;
    };
  });
  afterAll(async () => {
    for (const search of [services.search, ...made]) await search.close();
    await t.dispose();
  });

  const query = (q: string, more: Partial<SearchQuery> = {}): SearchQuery => ({
    q,
    type: 'all',
    page: 1,
    'page[size]': 20,
    sort: 'relevance',
    ...more,
  });
  const ids = (result: { data: { type: string; id: number }[] }) => result.data.map((hit) => `${hit.type}:${hit.id}`);

  it("reads a page's cards with its hits, the same cards as the catalogue's by id", async () => {
    for (const [q, type] of [
      ['монгол', 'all'],
      ['tuuh', 'summary'],
      ['nom', 'all'],
      ['tuuh', 'audiobook'],
    ] as const) {
      const byIds = [vi.spyOn(services.catalog, 'bookCardsByIds'), vi.spyOn(services.catalog, 'summaryCardsByIds')];
      const result = await services.search.search(ctx, query(q, { type, 'page[size]': 50 }));
      for (const spy of byIds) {
        expect(spy).not.toHaveBeenCalled();
        spy.mockRestore();
      }
      expect(result.data.length).toBeGreaterThan(2);
      const idsOf = (kind: string) => result.data.filter((hit) => hit.type === kind).map((hit) => hit.id);
      const [books, summaries, episodes] = await Promise.all([
        services.catalog.bookCardsByIds(
          ctx,
          result.data.filter((hit) => 'formats' in hit).map((hit) => hit.id),
        ),
        services.catalog.summaryCardsByIds(ctx, idsOf('summary')),
        services.podcasts.episodeCardsByIds(ctx, idsOf('episode')),
      ]);
      const byKey = new Map([...books, ...summaries, ...episodes].map((card) => [`${card.type}:${card.id}`, card]));
      expect(result.data).toEqual(ids(result).map((key) => byKey.get(key)));
    }
  });

  it('reports a count past the cap as the cap, marked as "at least"', async () => {
    const full = await services.search.search(ctx, query('монгол'));
    expect(full.counts.all).toBeGreaterThan(10);
    expect(full.capped_counts).toEqual([]);
    const result = await capped(10).search(ctx, query('монгол'));
    expect(result.counts.all).toBe(10);
    expect(result.total).toBe(10);
    expect(result.last_page).toBe(1);
    expect(result.capped_counts).toContain('all');
    expect(result.data.length).toBeGreaterThan(0);
  });

  it('reads the most popular matches first, so the popular order is the same', async () => {
    const options = { sort: 'popular' as const, 'page[size]': 5 };
    const full = await services.search.search(ctx, query('монгол', options));
    const result = await capped(5).search(ctx, query('монгол', options));
    expect(result.capped_counts).toContain('all');
    expect(ids(result)).toEqual(ids(full));
  });

  it('counts the tab shown on its own', async () => {
    const full = await services.search.search(ctx, query('монгол', { type: 'summary' }));
    expect(full.counts.summary).toBeGreaterThan(0);
    const cap = full.counts.summary + 1;
    expect(full.counts.all).toBeGreaterThan(cap);
    const result = await capped(cap).search(ctx, query('монгол', { type: 'summary' }));
    expect(result.capped_counts).toContain('all');
    expect(result.capped_counts).not.toContain('summary');
    expect(result.counts.summary).toBe(full.counts.summary);
    expect(ids(result)).toEqual(ids(full));
  });

  it('counts the podcast and summary tabs on their own, past the cap too', async () => {
    const full = await services.search.search(ctx, query('монгол'));
    const cap = Math.max(full.counts.summary, full.counts.episode) + 1;
    expect(full.counts.all).toBeGreaterThan(cap);
    const result = await capped(cap).search(ctx, query('монгол'));
    expect(result.capped_counts).toContain('all');
    expect(result.capped_counts).not.toContain('summary');
    expect(result.capped_counts).not.toContain('episode');
    expect(result.counts.summary).toBe(full.counts.summary);
    expect(result.counts.episode).toBe(full.counts.episode);
  });

  it('still puts an exact title first, however unpopular', async () => {
    const q = 'богд хаант монголын үе';
    const popular = await services.search.search(ctx, query(q, { sort: 'popular' }));
    expect(popular.counts.all).toBeGreaterThan(1);
    expect(popular.data[0]?.title).not.toBe('Богд хаант Монголын үе');
    const result = await capped(1).search(ctx, query(q));
    expect(result.capped_counts).toContain('all');
    expect(result.data[0]?.title).toBe('Богд хаант Монголын үе');
  });

  it('counts exactly under the cap', async () => {
    const full = await services.search.search(ctx, query('хатны араас'));
    const result = await capped(full.counts.all).search(ctx, query('хатны араас'));
    expect(result.counts).toEqual(full.counts);
    expect(result.capped_counts).toEqual([]);
    expect(ids(result)).toEqual(ids(full));
  });

  it('answers a repeated search with the same object, and another spelling from the same page', async () => {
    const search = capped(1000);
    const first = await search.search(ctx, query('цагаан сар'));
    expect(await search.search(ctx, query('цагаан сар'))).toBe(first);
    const latin = await search.search(ctx, query('tsagaan sar'));
    expect(latin).not.toBe(first);
    expect(latin.query).toBe('tsagaan sar');
    expect(latin.data).toBe(first.data);
  });

  it('refuses a page past the capped count', async () => {
    await expect(capped(10).search(ctx, query('монгол', { page: 2, 'page[size]': 10 }))).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });
});
