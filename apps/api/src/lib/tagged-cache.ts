import { collectTags, currentTags, isInvalidatedBy, noteTags, tag } from './cache-tags';
import { evictOldest } from './evict-oldest';
import type { InvalidationBus } from './invalidation';

/**
 * The read layer a module keeps its caches in (ADR 019). Each entry carries the tags of what it
 * was made from: those its `tags` option gives for the value, plus every tag its computation
 * read from other tagged caches (a shelf of cards carries each card's tags without saying so).
 * One invalidation drops the entries carrying any of its tags in every cache of the registry;
 * `tag.all` drops everything. Every read, hit or miss, adds the entry's tags to the answer
 * being made (cache-tags.ts), which the API sends as its Cache-Tag.
 *
 * A computation under way when an invalidation arrives may have read the old data, and its
 * tags are not known until it ends: it is not stored, and later callers do not share it.
 */
export function cacheRegistry(bus?: Pick<InvalidationBus, 'subscribe'>) {
  const caches: Droppable[] = [];
  const unsubscribe = bus?.subscribe((tags) => invalidate(tags));

  let generation = 0;
  function invalidate(tags: readonly string[]): void {
    const invalidated = new Set(tags);
    if (invalidated.size === 0) return;
    generation += 1;
    for (const cache of caches) cache.drop(invalidated);
  }

  return {
    /** A keyed LRU with a time to live, as lib/lru.ts, whose entries carry tags. */
    lru<K, V>(options: LruOptions<K, V>): TaggedLru<K, V> {
      const cache = taggedLru(options);
      caches.push(cache);
      return cache;
    },
    /** One value, as lib/cached.ts (stale while revalidating), except once invalidated: then recomputed. */
    cached<T>(options: CachedOptions<T>, compute: () => Promise<T>): () => Promise<T> {
      const cache = taggedValue(options, compute);
      caches.push(cache);
      return cache.get;
    },
    /** Drops what carries any of `tags` in every cache here (what the bus calls). */
    invalidate,
    /**
     * Counts invalidations: a value read from the database outside a cache's computation may be
     * stored only if no invalidation came in between (the same check the caches make).
     */
    get generation() {
      return generation;
    },
    /** Stops listening to the bus. */
    close(): void {
      unsubscribe?.();
    },
  };
}

export type CacheRegistry = ReturnType<typeof cacheRegistry>;

export interface LruOptions<K, V> {
  /** keys kept at most, least recently used first out */
  max: number;
  ttlMs: number;
  /** the value's own tags (say `tag.book(value.id)`), besides those its computation read */
  tags?: (value: V, key: K) => readonly string[];
  now?: () => number;
}

export interface CachedOptions<T> {
  ttlMs: number;
  tags?: (value: T) => readonly string[];
  now?: () => number;
}

export interface TaggedLru<K, V> {
  get(key: K, compute: () => Promise<V>): Promise<V>;
  /**
   * The values of `keys` that exist, loading all the missing ones in one call (a batch query);
   * a key `load` does not return is not cached. A failed `load` fails every caller waiting for
   * its keys, and none of them is kept.
   */
  getMany(keys: K[], load: (missing: K[]) => Promise<Map<K, V>>): Promise<Map<K, V>>;
  /** the value of `key` when it is kept and computed, without computing anything */
  peek(key: K): V | undefined;
  readonly size: number;
}

interface Droppable {
  drop(invalidated: ReadonlySet<string>): void;
}

function taggedLru<K, V>(options: LruOptions<K, V>): TaggedLru<K, V> & Droppable {
  const now = options.now ?? Date.now;
  const entries = new Map<K, Entry<V>>();
  return {
    get(key, compute) {
      const into = currentTags();
      const entry = fresh(key, now()) ?? computing(key, compute);
      if (entry.settled) {
        noteTags(entry.tags, into);
        return entry.promise;
      }
      if (!into) return entry.promise;
      return entry.promise.then((value) => {
        noteTags(entry.tags, into);
        return value;
      });
    },

    async getMany(keys, load) {
      const into = currentTags();
      const values = new Map<K, V>();
      const waits: Promise<void>[] = [];
      const wait = (key: K, entry: Entry<V>) =>
        waits.push(
          entry.promise.then((value) => {
            values.set(key, value);
            noteTags(entry.tags, into);
          }, skipAbsent),
        );
      const missing: K[] = [];
      const at = now();
      for (const key of keys) {
        const entry = fresh(key, at);
        if (!entry) missing.push(key);
        else if (entry.settled) {
          values.set(key, entry.value as V);
          noteTags(entry.tags, into);
        } else wait(key, entry);
      }
      if (missing.length > 0) {
        const read = new Set<string>();
        const batch = collecting(read, () => load(missing));
        for (const key of missing) {
          const value = batch.then((loaded) => (loaded.has(key) ? (loaded.get(key) as V) : Promise.reject(ABSENT)));
          wait(key, add(key, value, read));
        }
      }
      if (waits.length === 0) return values;
      await Promise.all(waits);
      // in the order asked
      const ordered = new Map<K, V>();
      for (const key of keys) if (values.has(key)) ordered.set(key, values.get(key) as V);
      return ordered;
    },

    peek(key) {
      const entry = fresh(key, now());
      if (!entry?.settled) return undefined;
      noteTags(entry.tags, currentTags());
      return entry.value;
    },

    drop(invalidated) {
      if (invalidated.has(tag.all)) {
        entries.clear();
        return;
      }
      for (const [key, entry] of entries) {
        if (!entry.settled || isInvalidatedBy(entry.tags, invalidated)) entries.delete(key);
      }
    },

    get size() {
      return entries.size;
    },
  };

  /** the entry of `key` if it has not expired, marked as the most recently used */
  function fresh(key: K, at: number): Entry<V> | undefined {
    const entry = entries.get(key);
    if (!entry || entry.expires <= at) return undefined;
    // Re-insert to mark as most recently used (Map keeps insertion order).
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  }

  function computing(key: K, compute: () => Promise<V>): Entry<V> {
    const read = new Set<string>();
    return add(key, collecting(read, compute), read);
  }

  /** stores the computation of `key`; `read` gets the tags it reads from other caches */
  function add(key: K, computed: Promise<V>, read: Set<string>): Entry<V> {
    const entry: Entry<V> = {
      promise: computed.then((value) => {
        entry.tags = tagsOf(read, options.tags?.(value, key));
        entry.value = value;
        entry.settled = true;
        entry.expires = now() + options.ttlMs;
        return value;
      }),
      expires: Number.POSITIVE_INFINITY,
      settled: false,
      value: undefined,
      tags: [],
    };
    entries.delete(key);
    entries.set(key, entry);
    evictOldest(entries, options.max);
    entry.promise.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return entry;
  }
}

interface Entry<V> {
  promise: Promise<V>;
  /** +Infinity while the promise is pending */
  expires: number;
  /** the promise has resolved to `value` */
  settled: boolean;
  value: V | undefined;
  /** known once settled */
  tags: readonly string[];
}

function taggedValue<T>(options: CachedOptions<T>, compute: () => Promise<T>) {
  const now = options.now ?? Date.now;
  let current: Made<T> | undefined;
  let pending: Promise<Made<T>> | undefined;

  const refresh = (): Promise<Made<T>> => {
    if (pending) return pending;
    const read = new Set<string>();
    const started: Promise<Made<T>> = collecting(read, compute).then(
      (result) => {
        const made = { result, at: now(), tags: tagsOf(read, options.tags?.(result)) };
        if (pending === started) {
          current = made;
          pending = undefined;
        }
        return made;
      },
      (error: unknown) => {
        if (pending === started) pending = undefined;
        throw error;
      },
    );
    pending = started;
    return started;
  };

  return {
    get: (): Promise<T> => {
      const into = currentTags();
      if (!current) {
        return refresh().then((made) => {
          noteTags(made.tags, into);
          return made.result;
        });
      }
      if (now() - current.at >= options.ttlMs) refresh().catch(() => undefined);
      noteTags(current.tags, into);
      return Promise.resolve(current.result);
    },
    drop(invalidated: ReadonlySet<string>) {
      if (current && isInvalidatedBy(current.tags, invalidated)) current = undefined;
      // (its tags are not known yet) callers from now on wait for a computation started after this
      pending = undefined;
    },
  };
}

interface Made<T> {
  result: T;
  at: number;
  tags: readonly string[];
}

/** runs `compute` with `read` collecting the tags of the tagged caches it reads */
function collecting<T>(read: Set<string>, compute: () => Promise<T>): Promise<T> {
  try {
    return collectTags(read, compute);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** An entry's tags; one that names none depends on what it cannot name: the coarse tag. */
function tagsOf(read: ReadonlySet<string>, own: readonly string[] | undefined): readonly string[] {
  const tags = own && own.length > 0 ? [...new Set([...read, ...own])] : [...read];
  return tags.length > 0 ? tags : [tag.catalog];
}

/** a batch's answer for a key it did not return (one object: no stack trace made per key) */
const ABSENT = new Error('not in the loaded batch');
const skipAbsent = (error: unknown) => {
  if (error !== ABSENT) throw error;
};
