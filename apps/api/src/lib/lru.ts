import { evictOldest } from './evict-oldest';

/**
 * A small time-limited LRU of promises: answers shared by every visitor (a book's page data)
 * are computed once per `ttlMs` per process; at most `max` keys are kept, least recently used
 * first out. A failed computation is not kept.
 */
export function lruCache<K, V>(options: { max: number; ttlMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<K, Entry<V>>();
  return {
    get(key: K, compute: () => Promise<V>): Promise<V> {
      return fresh(key, now())?.promise ?? add(key, compute());
    },

    /**
     * The values of `keys` that exist, loading all the missing ones in one call (a batch query);
     * a key `load` does not return is not cached. Keys already known are answered without a
     * promise each: a page of search results asks for twenty cards, most of them known. A
     * failed `load` fails every caller waiting for its keys, and none of them is kept.
     */
    async getMany(keys: K[], load: (missing: K[]) => Promise<Map<K, V>>): Promise<Map<K, V>> {
      const values = new Map<K, V>();
      const waits: Promise<void>[] = [];
      const wait = (key: K, promise: Promise<V>) =>
        waits.push(promise.then((value) => void values.set(key, value), skipAbsent));
      const missing: K[] = [];
      const at = now();
      for (const key of keys) {
        const entry = fresh(key, at);
        if (!entry) missing.push(key);
        else if (entry.settled) values.set(key, entry.value as V);
        else wait(key, entry.promise);
      }
      if (missing.length > 0) {
        const batch = load(missing);
        for (const key of missing) {
          wait(
            key,
            add(
              key,
              batch.then((loaded) => (loaded.has(key) ? (loaded.get(key) as V) : Promise.reject(ABSENT))),
            ),
          );
        }
      }
      if (waits.length === 0) return values;
      await Promise.all(waits);
      // in the order asked
      const ordered = new Map<K, V>();
      for (const key of keys) if (values.has(key)) ordered.set(key, values.get(key) as V);
      return ordered;
    },
    /** forgets everything (the data behind it changed) */
    clear() {
      entries.clear();
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

  function add(key: K, promise: Promise<V>): Promise<V> {
    const entry: Entry<V> = { promise, expires: Number.POSITIVE_INFINITY, settled: false, value: undefined };
    entries.delete(key);
    entries.set(key, entry);
    evictOldest(entries, options.max);
    promise.then(
      (value) => {
        entry.value = value;
        entry.settled = true;
        entry.expires = now() + options.ttlMs;
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return promise;
  }
}

interface Entry<V> {
  promise: Promise<V>;
  /** +Infinity while the promise is pending */
  expires: number;
  /** the promise has resolved to `value` */
  settled: boolean;
  value: V | undefined;
}

/** a batch's answer for a key it did not return (one object: no stack trace made per key) */
const ABSENT = new Error('not in the loaded batch');
const skipAbsent = (error: unknown) => {
  if (error !== ABSENT) throw error;
};
