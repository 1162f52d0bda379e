import { describe, expect, it } from 'vitest';
import { cached } from './cached';

describe('cached', () => {
  it('computes once for concurrent callers', async () => {
    let calls = 0;
    const get = cached(1000, async () => ++calls);
    expect(await Promise.all([get(), get(), get()])).toEqual([1, 1, 1]);
    expect(calls).toBe(1);
  });

  it('serves the previous answer while one refresh runs after the time to live', async () => {
    let clock = 0;
    let calls = 0;
    let release: () => void = () => undefined;
    const get = cached(
      1000,
      async () => {
        calls += 1;
        if (calls > 1) await new Promise<void>((resolve) => (release = resolve));
        return calls;
      },
      () => clock,
    );
    expect(await get()).toBe(1);
    clock = 1001;
    expect(await Promise.all([get(), get()])).toEqual([1, 1]); // stale, refreshing once
    expect(calls).toBe(2);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await get()).toBe(2);
  });

  it('does not remember a first failure, and keeps the last answer when a refresh fails', async () => {
    let clock = 0;
    let fail = true;
    const get = cached(
      1000,
      async () => {
        if (fail) throw new Error('down');
        return 'ok';
      },
      () => clock,
    );
    await expect(get()).rejects.toThrow('down');
    fail = false;
    expect(await get()).toBe('ok');
    fail = true;
    clock = 2000;
    expect(await get()).toBe('ok');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await get()).toBe('ok');
  });
});
