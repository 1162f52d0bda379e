/**
 * At most `max` tasks at once; the rest wait in arrival order. A finished task hands its slot
 * straight to the longest-waiting one, so a task can never be overtaken by later arrivals.
 */
export function concurrencyLimit(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < max) active += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active -= 1;
      }
    },
    get waiting() {
      return waiting.length;
    },
  };
}
