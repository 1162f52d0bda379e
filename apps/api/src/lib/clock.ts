/** Where the time comes from: the system's, or one that tests move. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: for expiry tests. */
export function manualClock(start = new Date()): Clock & { advance(ms: number): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
  };
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** A clock the sandbox moves: the system's time plus an offset (`POST /sandbox/clock`). */
export interface OffsetClock extends Clock {
  /** how far ahead of the system's time this clock is */
  offsetMs(): number;
  advance(ms: number): void;
  reset(): void;
}

/** The system's clock plus an offset that only moves when asked; never used in production. */
export function offsetClock(): OffsetClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    offsetMs: () => offset,
    advance: (ms) => {
      offset += ms;
    },
    reset: () => {
      offset = 0;
    },
  };
}
