import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tag } from '@nomsan/api';
import { plainWith, splitAtNonce } from './gzip-splice';
import { isSharedRequest, isStorable, pageCache, renderTags, type CachedPage } from './page-cache';

const page = (body: string, nonce: string, expires: number, tags: string[] = []): CachedPage => ({
  status: 200,
  headers: [['content-type', 'text/html; charset=utf-8']],
  body: splitAtNonce(body, nonce),
  expires,
  tags,
});
const text = (stored: CachedPage | null | undefined) => (stored ? plainWith(stored.body, '').toString() : null);

describe('page cache', () => {
  it('serves a stored page until it expires, then asks for a new render', () => {
    let time = 1_000;
    const cache = pageCache({ ttlMs: 10_000, max: 10, now: () => time });
    const first = cache.claim('/a');
    expect('fill' in first).toBe(true);
    if ('fill' in first) first.fill(page('<p>a</p>', 'n1', cache.expiresAt()));
    const claim = cache.claim('/a');
    expect('page' in claim && text(claim.page)).toBe('<p>a</p>');
    time += 10_001;
    expect('fill' in cache.claim('/a')).toBe(true);
  });

  it('lets concurrent misses wait for the one render under way', async () => {
    const cache = pageCache({ ttlMs: 10_000, max: 10 });
    const renderer = cache.claim('/b');
    const waiters = [cache.claim('/b'), cache.claim('/b')];
    expect(waiters.every((w) => 'wait' in w)).toBe(true);
    if ('fill' in renderer) renderer.fill(page('<p>b</p>', 'n1', cache.expiresAt()));
    for (const waiter of waiters) if ('wait' in waiter) expect(text(await waiter.wait)).toBe('<p>b</p>');
  });

  it('lets waiters render themselves when the page could not be stored', async () => {
    const cache = pageCache({ ttlMs: 10_000, max: 10 });
    const renderer = cache.claim('/c');
    const waiter = cache.claim('/c');
    if ('fill' in renderer) renderer.fill(null);
    expect('wait' in waiter && (await waiter.wait)).toBe(null);
    expect('fill' in cache.claim('/c')).toBe(true);
  });

  it("puts each request's own nonce in every script", () => {
    const cache = pageCache({ ttlMs: 10_000, max: 10 });
    const stored = page('<script nonce="AbC+/=">1</script><script nonce="AbC+/=">2</script>', 'AbC+/=', 0);
    expect(cache.bodyFor(stored, 'xyz').toString()).toBe(
      '<script nonce="xyz">1</script><script nonce="xyz">2</script>',
    );
  });

  it('sends a stored page gzip-compressed, with each request’s own nonce', () => {
    const cache = pageCache({ ttlMs: 10_000, max: 10 });
    const html = `<script nonce="n0">1</script>${'<p>ном</p>'.repeat(100)}<script nonce="n0">2</script>`;
    const stored = page(html, 'n0', 0);
    for (const nonce of ['first', 'second']) {
      expect(gunzipSync(cache.gzipFor(stored, nonce)).toString()).toBe(html.replaceAll('n0', nonce));
      expect(cache.bodyFor(stored, nonce).toString()).toBe(html.replaceAll('n0', nonce));
    }
  });

  it('keeps at most `max` pages, dropping the oldest', () => {
    const cache = pageCache({ ttlMs: 10_000, max: 2 });
    for (const key of ['/1', '/2', '/3']) {
      const claim = cache.claim(key);
      if ('fill' in claim) claim.fill(page(key, 'n', cache.expiresAt()));
    }
    expect(cache.size).toBe(2);
    expect('fill' in cache.claim('/1')).toBe(true);
  });
});

describe('page cache invalidation', () => {
  const stored = (tags: string[]) => {
    const cache = pageCache({ ttlMs: 10_000, max: 10 });
    const claim = cache.claim('/p');
    if ('fill' in claim) claim.fill(page('<p>p</p>', 'n', cache.expiresAt(), tags));
    return cache;
  };
  const isKept = (cache: ReturnType<typeof pageCache>) => 'page' in cache.claim('/p');

  it('drops a page made from an invalidated tag, and only such a page', () => {
    const cache = pageCache({ ttlMs: 10_000, max: 10 });
    for (const [key, tags] of [
      ['/book/1', [tag.book(1), tag.categories]],
      ['/book/2', [tag.book(2), tag.categories]],
    ] as const) {
      const claim = cache.claim(key);
      if ('fill' in claim) claim.fill(page(key, 'n', cache.expiresAt(), [...tags]));
    }
    cache.invalidate([tag.book(1)]);
    expect('fill' in cache.claim('/book/1')).toBe(true);
    expect('page' in cache.claim('/book/2')).toBe(true);
    cache.invalidate([tag.categories]);
    expect('fill' in cache.claim('/book/2')).toBe(true);
  });

  it('treats a page whose render saw no tags as made from the whole catalogue', () => {
    const untagged = stored([]);
    untagged.invalidate([tag.offers]);
    expect(isKept(untagged)).toBe(false);
    const coarse = stored([tag.catalog]);
    coarse.invalidate([tag.book(7)]);
    expect(isKept(coarse)).toBe(false);
  });

  it('drops every page on `all`, and nothing on an empty invalidation', () => {
    const cache = stored([tag.book(1)]);
    cache.invalidate([]);
    expect(isKept(cache)).toBe(true);
    cache.invalidate([tag.all]);
    expect(isKept(cache)).toBe(false);
  });

  it('does not keep a page whose render was under way when its data changed', async () => {
    const cache = pageCache({ ttlMs: 10_000, max: 10 });
    const renderer = cache.claim('/r');
    const earlyWaiter = cache.claim('/r');
    cache.invalidate([tag.book(1)]);
    // a request after the change does not wait for the render that may show the old data
    const lateRequest = cache.claim('/r');
    expect('fill' in lateRequest).toBe(true);
    if ('fill' in renderer) renderer.fill(page('<p>old</p>', 'n0nce', cache.expiresAt(), [tag.book(1)]));
    expect('wait' in earlyWaiter && text(await earlyWaiter.wait)).toBe('<p>old</p>');
    if ('fill' in lateRequest) lateRequest.fill(page('<p>new</p>', 'n0nce', cache.expiresAt(), [tag.book(1)]));
    const claim = cache.claim('/r');
    expect('page' in claim && text(claim.page)).toBe('<p>new</p>');
  });
});

describe('the tags of a render', () => {
  it('are those of its API answers, each once, and the coarse tag for an answer that names none', () => {
    const tags = renderTags();
    expect(tags.list()).toEqual([]);
    const answer = new Response('{}', { headers: { 'cache-tag': `${tag.book(1)}, ${tag.categories}` } });
    expect(tags.note(answer)).toBe(answer);
    tags.note(new Response('{}', { headers: { 'cache-tag': tag.categories } }));
    expect(tags.list()).toEqual([tag.book(1), tag.categories]);
    tags.note(new Response('{}', { status: 404 }));
    expect(tags.list()).toEqual([tag.book(1), tag.categories, tag.catalog]);
  });
});

describe('what may be shared', () => {
  it('shares only GETs without credentials', () => {
    expect(isSharedRequest('GET', {}, 'nomsan_session')).toBe(true);
    expect(isSharedRequest('GET', { cookie: 'device=1; theme=dark' }, 'nomsan_session')).toBe(true);
    expect(isSharedRequest('GET', { cookie: 'a=1; nomsan_session=tok' }, 'nomsan_session')).toBe(false);
    expect(isSharedRequest('GET', { authorization: 'Bearer x' }, 'nomsan_session')).toBe(false);
    expect(isSharedRequest('POST', {}, 'nomsan_session')).toBe(false);
  });

  it('stores only public 200 pages and data that set no cookie', () => {
    const html = { 'content-type': 'text/html; charset=utf-8' };
    expect(isStorable(new Response('x', { headers: html }))).toBe(true);
    expect(isStorable(new Response('x', { headers: { 'content-type': 'text/x-script' } }))).toBe(true);
    expect(isStorable(new Response('x', { status: 404, headers: html }))).toBe(false);
    expect(isStorable(new Response('x', { headers: { ...html, 'cache-control': 'private, no-store' } }))).toBe(false);
    expect(isStorable(new Response('x', { headers: { ...html, 'set-cookie': 'a=1' } }))).toBe(false);
    expect(isStorable(new Response('{}', { headers: { 'content-type': 'application/json' } }))).toBe(false);
  });
});
