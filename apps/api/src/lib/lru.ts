/**
 * A small time-limited LRU of promises: answers shared by every visitor (a book's page data)
 * are computed once per `ttlMs` per process; at most `max` keys are kept, least recently used
 * first out. A failed computation is not kept.
 */
export function lruCache<K, V>(options: { max: number; ttlMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<K, { promise: Promise<V>; expires: number }>();
  return {
    get,
    /**
     * The values of `keys` that exist, loading all the missing ones in one call (a batch query);
     * a key `load` does not return is not cached.
     */
    async getMany(keys: K[], load: (missing: K[]) => Promise<Map<K, V>>): Promise<Map<K, V>> {
      const missing: K[] = [];
      let start: (loaded: Map<K, V>) => void = () => undefined;
      const batch = new Promise<Map<K, V>>((resolve) => (start = resolve));
      const pending = keys.map((key) =>
        get(key, () => {
          missing.push(key);
          return batch.then((loaded) => {
            if (!loaded.has(key)) throw new Error('absent');
            return loaded.get(key) as V;
          });
        }),
      );
      if (missing.length > 0) start(await load(missing));
      else start(new Map());
      const found = new Map<K, V>();
      const settled = await Promise.allSettled(pending);
      settled.forEach((result, i) => {
        if (result.status === 'fulfilled') found.set(keys[i] as K, result.value);
      });
      return found;
    },
    /** forgets everything (the data behind it changed) */
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };

  function get(key: K, compute: () => Promise<V>): Promise<V> {
    const hit = entries.get(key);
    if (hit && hit.expires > now()) {
      // Re-insert to mark as most recently used (Map keeps insertion order).
      entries.delete(key);
      entries.set(key, hit);
      return hit.promise;
    }
    const promise = compute();
    const entry = { promise, expires: Number.POSITIVE_INFINITY };
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > options.max) {
      const oldest = entries.keys().next().value as K;
      entries.delete(oldest);
    }
    promise.then(
      () => {
        entry.expires = now() + options.ttlMs;
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return promise;
  }
}
