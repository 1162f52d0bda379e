/**
 * Remembers an answer for `ttlMs`. Callers arriving while it is computed share one promise. Once
 * it is older than that, callers still get the previous answer at once while one refresh runs
 * in the background (stale-while-revalidate), so an expiry under load never makes every request
 * wait. A failed refresh keeps the previous answer; a first computation that fails is not kept.
 */
export function cached<T>(ttlMs: number, compute: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let value: { result: T; at: number } | undefined;
  let pending: Promise<T> | undefined;

  const refresh = () => {
    pending ??= compute().then(
      (result) => {
        value = { result, at: now() };
        pending = undefined;
        return result;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };

  return () => {
    if (!value) return refresh();
    if (now() - value.at >= ttlMs) refresh().catch(() => undefined);
    return Promise.resolve(value.result);
  };
}
