import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, isApiError, type Fetch } from '@nomsan/contracts/client';
import { sql } from '@nomsan/db/orm';
import { createTestApp, type TestApp } from '../test/app';
import { collectTags } from './cache-tags';
import { inProcessApi } from './endpoint-route';

/**
 * Server rendering in the API's process answers the public calls in-process: the same answers
 * as over HTTP, the same errors, and the tags of what they read, without a request each.
 */
describe('in-process answers for server rendering', () => {
  let t: TestApp;
  let requests: string[];
  let overHttp: ReturnType<typeof createApiClient>;
  let inProcess: ReturnType<typeof createApiClient>;
  let slug: string;

  beforeAll(async () => {
    t = await createTestApp();
    requests = [];
    const inject: Fetch = async (input, init) => {
      requests.push(input);
      const res = await t.app.inject({ method: (init?.method ?? 'GET') as 'GET', url: input });
      return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
    };
    const visitor = { headers: {}, cookies: {}, id: 'render-1', log: t.app.log, ctx: t.app.modules?.kernel.root };
    overHttp = createApiClient({ baseUrl: '', fetch: inject });
    inProcess = createApiClient({
      baseUrl: '',
      fetch: inject,
      inProcess: inProcessApi(t.app, visitor as unknown as FastifyRequest),
    });
    const rows = await t.db.db.execute<{ slug: string }>(
      sql`select slug from catalog_book where status = 'published' and kind = 'book' order by id limit 1`,
    );
    slug = rows.rows[0]!.slug;
  });
  afterAll(() => t.close());

  it('answers a book page’s calls as HTTP does, without a request', async () => {
    const book = await overHttp.book(slug);
    const calls = (client: typeof overHttp) =>
      Promise.all([
        client.book(slug),
        client.related(book.id),
        client.related(book.id, 'author'),
        client.bookBundles(book.id),
        client.categories(),
      ]);
    const viaHttp = await calls(overHttp);
    requests.length = 0;
    const direct = await calls(inProcess);
    expect(requests).toEqual([]);
    // nothing beyond the response schema's fields: what HTTP serialises is all there is
    expect(JSON.parse(JSON.stringify(direct))).toEqual(viaHttp);
  });

  it('refuses what HTTP refuses, with the same status and code', async () => {
    for (const call of [() => inProcess.book(999_999_999), () => inProcess.related(999_999_999)]) {
      const error = await call().catch((e: unknown) => e);
      expect(isApiError(error) && { status: error.status, code: error.code }).toEqual({
        status: 404,
        code: 'NOT_FOUND',
      });
    }
    const bad = await inProcess.books(1, 1000).catch((e: unknown) => e);
    expect(isApiError(bad) && bad.status).toBe(400);
  });

  it('goes through a full request for what is personal or not public', async () => {
    requests.length = 0;
    await inProcess.reviews('book', (await overHttp.book(slug)).id).catch(() => undefined);
    await inProcess.currentUser().catch(() => undefined);
    expect(requests.some((url) => url.startsWith('/api/user'))).toBe(true);
  });

  it('notes the cache tags of what it read for the page being rendered', async () => {
    const book = await overHttp.book(slug);
    const tags = new Set<string>();
    await collectTags(tags, () => inProcess.book(slug));
    expect(tags.has(`book:${book.id}`)).toBe(true);
  });
});
