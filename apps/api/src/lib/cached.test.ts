import { describe, expect, it } from 'vitest';
import { cached } from './cached';

describe('cached', () => {
  it('computes once for concurrent callers and again after the time to live', async () => {
    let clock = 0;
    let calls = 0;
    const get = cached(
      1000,
      async () => ++calls,
      () => clock,
    );
    expect(await Promise.all([get(), get(), get()])).toEqual([1, 1, 1]);
    clock = 999;
    expect(await get()).toBe(1);
    clock = 1001;
    expect(await get()).toBe(2);
  });

  it('does not remember a failure', async () => {
    let fail = true;
    const get = cached(1000, async () => {
      if (fail) throw new Error('down');
      return 'ok';
    });
    await expect(get()).rejects.toThrow('down');
    fail = false;
    expect(await get()).toBe('ok');
  });
});
