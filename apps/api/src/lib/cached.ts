/**
 * Remembers an answer for `ttlMs`; callers arriving while it is being computed share the same
 * promise, so a burst of requests computes it once. A failure is not remembered.
 */
export function cached<T>(ttlMs: number, compute: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let value: { promise: Promise<T>; expires: number } | undefined;
  return () => {
    if (value && value.expires > now()) return value.promise;
    const promise = compute();
    const entry = { promise, expires: Number.POSITIVE_INFINITY };
    value = entry;
    promise.then(
      () => {
        entry.expires = now() + ttlMs;
      },
      () => {
        if (value === entry) value = undefined;
      },
    );
    return promise;
  };
}
