import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './limiter';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('concurrencyLimit', () => {
  it('runs at most max tasks at once and the rest in arrival order', async () => {
    const limit = concurrencyLimit(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const tasks = Array.from({ length: 6 }, (_, i) =>
      limit.run(async () => {
        started.push(i);
        running += 1;
        peak = Math.max(peak, running);
        await tick();
        running -= 1;
        return i;
      }),
    );
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('frees the slot when a task fails', async () => {
    const limit = concurrencyLimit(1);
    await expect(limit.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit.run(async () => 'next')).toBe('next');
    expect(limit.waiting).toBe(0);
  });
});
