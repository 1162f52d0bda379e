import type { SearchRepository } from './search.repository';

export interface LoggedSearch {
  query: string;
  type: string;
  resultsCount: number;
  userId: number | null;
  at: Date;
}

export interface QueryLog {
  /** remembers a search; never waits for the database */
  record(entry: LoggedSearch): void;
  /** writes what is buffered (also called on shutdown) */
  flush(): Promise<void>;
  close(): Promise<void>;
}

interface QueryLogOptions {
  flushEveryMs?: number;
  /** a full buffer is written at once rather than waiting for the timer */
  maxBuffered?: number;
  /** past this many unwritten entries (database down), the oldest are dropped */
  maxPending?: number;
  onError?: (error: unknown) => void;
}

/**
 * Searches are recorded off the request path: appended to a buffer that is written in one
 * insert every second, so a slow or unavailable database never slows an answer.
 */
export function queryLog(repository: SearchRepository, options: QueryLogOptions = {}): QueryLog {
  const { flushEveryMs = 1000, maxBuffered = 200, maxPending = 10_000, onError = () => undefined } = options;
  let buffer: LoggedSearch[] = [];
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (buffer.length === 0) return writing;
    const batch = buffer;
    buffer = [];
    writing = writing.then(() =>
      repository.logQueries(batch).catch((error: unknown) => {
        onError(error);
        buffer = [...batch, ...buffer].slice(-maxPending);
      }),
    );
    return writing;
  }

  const timer = setInterval(() => void flush(), flushEveryMs);
  timer.unref();

  return {
    record(entry) {
      buffer.push(entry);
      if (buffer.length >= maxBuffered) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
