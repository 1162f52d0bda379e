import DataLoader from 'dataloader';

/** keys one statement takes at most; more wait for the next */
const MAX_BATCH = 64;

/**
 * Reads by key that concurrent requests make, coalesced into one statement (ADR 020). Every
 * request read in one turn of the event loop (what the poll phase found ready) asks before the
 * turn's `setImmediate` runs: their keys go to the database as one `= any($1)` statement, one
 * round trip and one execution instead of one each. On this machine a round trip costs both
 * processes far more than a row does. A lone request waits for nothing but the end of its turn.
 *
 * Only for reads outside a transaction (a transaction's work reads on its own connection, and
 * may see what it wrote). Nothing is kept: each key is read afresh (the services' tagged caches
 * decide what is kept). A failed statement fails every read it carried.
 */
export function coalesced<K, V>(
  load: (keys: K[]) => Promise<V[]>,
  keyOf: (value: V) => K,
): (key: K) => Promise<V | null> {
  const loader = new DataLoader<K, V | null>(
    async (keys) => {
      const found = new Map((await load([...keys])).map((value) => [keyOf(value), value]));
      return keys.map((key) => found.get(key) ?? null);
    },
    { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (run) => setImmediate(run) },
  );
  return (key) => loader.load(key);
}
