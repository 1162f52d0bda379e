import DataLoader from 'dataloader';

/** reads one statement takes at most; more go in the next */
const MAX_BATCH = 64;
/**
 * Statements of one read under way at once: reads asked for meanwhile gather for the next, so
 * the busier the server, the fuller each statement (group commit's idea, for reads).
 */
const MAX_IN_FLIGHT = 1;

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
export function coalesced<K, V>(load: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const loader = new DataLoader<K, V | undefined>(
    async (keys) => {
      inFlight += 1;
      try {
        const found = await load([...new Set(keys)]);
        return keys.map((key) => found.get(key));
      } finally {
        inFlight -= 1;
        const next = waiting.shift();
        if (next) setImmediate(next);
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      batchScheduleFn: (dispatch) => (inFlight < MAX_IN_FLIGHT ? setImmediate(dispatch) : waiting.push(dispatch)),
    },
  );
  return (key) => loader.load(key);
}

/** rows by their key (the last row of a key wins), for a coalesced read's answer */
export function keyed<K, V>(rows: V[], keyOf: (row: V) => K): Map<K, V> {
  return new Map(rows.map((row) => [keyOf(row), row]));
}
