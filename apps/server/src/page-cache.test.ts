import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { plainWith, splitAtNonce } from './gzip-splice';
import { isSharedRequest, isStorable, pageCache, type CachedPage } from './page-cache';

const page = (body: string, nonce: string, expires: number): CachedPage => ({
  status: 200,
  headers: [['content-type', 'text/html; charset=utf-8']],
  body: splitAtNonce(body, nonce),
  expires,
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
