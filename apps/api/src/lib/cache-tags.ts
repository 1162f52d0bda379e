import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Tags name what a cached answer was made from, so that a change can drop exactly the answers
 * it touches (ADR 019). Every tag is built here, so a writer and a reader cannot spell one
 * differently.
 */
export const tag = {
  /** published: every cache drops everything; never an entry's tag */
  all: '*',
  /**
   * the coarse tag: depends on the catalogue as a whole (or on something it cannot name), so
   * every invalidation drops it. An entry or a page that names no tag at all counts as this.
   */
  catalog: 'catalog',
  /** the list of categories */
  categories: 'categories',
  /** prices and offers of every title */
  offers: 'offers',
  /** the search index (rebuilt as a whole) */
  search: 'search',
  /** the precomputed related books (recomputed as a whole) */
  related: 'related',
  /** the list of discovery topics (titles, order, which are shown, how many items) */
  topics: 'topics',
  /** the books of the home page's hero showcase and their order */
  showcase: 'showcase',
  book: (id: number) => `book:${id}`,
  summary: (id: number) => `summary:${id}`,
  /** a bundle's page and card (the bundles desk) */
  bundle: (id: number) => `bundle:${id}`,
  podcast: (id: number) => `podcast:${id}`,
  category: (id: number) => `category:${id}`,
  contributor: (id: number) => `contributor:${id}`,
  /** a discovery topic's items and their order */
  topic: (id: number) => `topic:${id}`,
  /** an EPUB file of the media store, by file name: its parsed index (the reader) */
  epub: (file: string) => `epub:${file}`,
} as const;

/** Whether something made from `tags` must be dropped after `invalidated` changed. */
export function isInvalidatedBy(tags: readonly string[], invalidated: ReadonlySet<string>): boolean {
  if (invalidated.size === 0) return false;
  if (tags.length === 0 || invalidated.has(tag.all)) return true;
  return tags.some((name) => name === tag.catalog || invalidated.has(name));
}

/** A Cache-Tag header (the one Cloudflare and Fastly-style CDNs purge by) longer than this says `catalog` instead. */
export const MAX_CACHE_TAG_HEADER = 1000;

/** The `Cache-Tag` value for an answer made from `tags`: the coarse tag when there are none or too many. */
export function cacheTagHeader(tags: ReadonlySet<string> | readonly string[]): string {
  const text = [...tags].join(',');
  return text.length === 0 || text.length > MAX_CACHE_TAG_HEADER ? tag.catalog : text;
}

/** The tags of a `Cache-Tag` header; none when absent. */
export function parseCacheTagHeader(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
}

const scopes = new AsyncLocalStorage<Set<string>>();

/**
 * Runs `fn` with `tags` as the set that every tagged-cache read and `noteTags` inside it (and in
 * anything it awaits) adds to: a request's tags (plugins/http-caching.ts), or the tags a cached
 * computation read from other caches, which its entry then carries too.
 */
export function collectTags<T>(tags: Set<string>, fn: () => T): T {
  return scopes.run(tags, fn);
}

/** The set that reads made now add to, if any (taken before an await, added to after it). */
export function currentTags(): Set<string> | undefined {
  return scopes.getStore();
}

/** Records that the answer being made depends on `tags`, for what reads no tagged cache. */
export function noteTags(tags: Iterable<string>, into: Set<string> | undefined = scopes.getStore()): void {
  if (!into) return;
  for (const name of tags) into.add(name);
}
