import { evictOldest, isInvalidatedBy, parseCacheTagHeader, tag } from '@nomsan/api';
import { gzipWith, plainWith, type SplicedBody } from './gzip-splice';

/**
 * A micro-cache for server-rendered pages. A page that is the same for everyone (a visitor's
 * request, a public answer) is rendered once per few seconds per process, and every request
 * for it in between gets the stored HTML with its own CSP nonce in place of the rendered one
 * (kept cut at that nonce and compressed once, see gzip-splice.ts). Concurrent misses for one
 * URL wait for the single render under way instead of rendering it again.
 *
 * A page carries the cache tags of the API answers it was rendered from (ADR 019); an
 * invalidation of any of them drops it, in every process, so a change is on the next request's
 * page rather than one TTL later.
 */

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** the HTML cut at the nonce it was rendered with (which each request's own replaces), plain and compressed */
  body: SplicedBody;
  expires: number;
  /** what it was rendered from; none counts as the whole catalogue (`tag.catalog`) */
  tags: readonly string[];
}

export type Claim =
  | { page: CachedPage }
  | { wait: Promise<CachedPage | null> }
  /** this request renders; it must call `fill` with the page (or null) when done */
  | { fill: (page: CachedPage | null) => void };

export interface PageCacheOptions {
  ttlMs: number;
  /** pages kept at most; the least recently stored go first */
  max: number;
  now?: () => number;
}

/** Bodies larger than this are not kept (nothing of the store comes close). */
export const MAX_CACHED_BODY = 2 * 1024 * 1024;

export function pageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const pages = new Map<string, CachedPage>();
  const filling = new Map<string, Promise<CachedPage | null>>();

  return {
    /** Synchronous, so two requests can never both decide to render the same page. */
    claim(key: string): Claim {
      const page = pages.get(key);
      if (page && page.expires > now()) return { page };
      if (page) pages.delete(key);
      const pending = filling.get(key);
      if (pending) return { wait: pending };
      let settle: (page: CachedPage | null) => void = () => undefined;
      const render = new Promise<CachedPage | null>((resolve) => (settle = resolve));
      filling.set(key, render);
      return {
        fill: (filled) => {
          // An invalidation during the render took it out: it may show the old data, so it is
          // given to those who waited for it then, and not kept.
          if (filling.get(key) === render) {
            filling.delete(key);
            if (filled) {
              pages.set(key, filled);
              evictOldest(pages, options.max);
            }
          }
          settle(filled);
        },
      };
    },

    /** Drops the pages made from any of `tags` (`tag.all`: every page), and forgets renders under way. */
    invalidate(tags: readonly string[]): void {
      const invalidated = new Set(tags);
      if (invalidated.size === 0) return;
      filling.clear();
      if (invalidated.has(tag.all)) {
        pages.clear();
        return;
      }
      for (const [key, page] of pages) if (isInvalidatedBy(page.tags, invalidated)) pages.delete(key);
    },

    /** The stored page as it should be sent for a request whose nonce is `nonce`. */
    bodyFor: (page: CachedPage, nonce: string): Buffer => plainWith(page.body, nonce),

    /** The same, gzip-compressed: compressed when stored, each request's nonce spliced in. */
    gzipFor: (page: CachedPage, nonce: string): Buffer => gzipWith(page.body, nonce),

    expiresAt: () => now() + options.ttlMs,
    get size() {
      return pages.size;
    },
  };
}

export type PageCache = ReturnType<typeof pageCache>;

/**
 * The tags a render's page is stored with: the Cache-Tag of every API answer it used, in
 * process or over HTTP alike. An answer without one may depend on anything: the coarse tag.
 */
export function renderTags() {
  const tags = new Set<string>();
  /** what the answers made in this process (without a request) read from tagged caches */
  const inProcess = new Set<string>();
  return {
    /** notes the tags of an API answer, and passes it on */
    note(response: Response): Response {
      const named = parseCacheTagHeader(response.headers.get('cache-tag'));
      if (named.length === 0) tags.add(tag.catalog);
      for (const name of named) tags.add(name);
      return response;
    },
    inProcess,
    list: (): string[] => [...new Set([...tags, ...inProcess])],
  };
}

/**
 * Whether a request may be answered from the cache: a GET without credentials. A signed-in
 * browser's pages render fresh, so nothing personal is ever stored or shared.
 */
export function isSharedRequest(
  method: string,
  headers: Record<string, string | string[] | undefined>,
  sessionCookie: string,
): boolean {
  if (method !== 'GET') return false;
  if (headers.authorization) return false;
  const cookie = headers.cookie;
  const cookies = Array.isArray(cookie) ? cookie.join('; ') : (cookie ?? '');
  return !cookies.split(';').some((part) => part.trim().startsWith(`${sessionCookie}=`));
}

/** Whether a rendered response is the same for everyone and may be stored. */
export function isStorable(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (response.headers.getSetCookie().length > 0) return false;
  if (/private|no-store|no-cache/i.test(response.headers.get('cache-control') ?? '')) return false;
  const type = response.headers.get('content-type') ?? '';
  return type.startsWith('text/html') || type.startsWith('text/x-script');
}
