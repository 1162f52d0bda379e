import { describe, expect, it } from 'vitest';
import { lruCache } from './lru';

describe('lruCache', () => {
  it('computes a key once until it expires', async () => {
    let clock = 0;
    let calls = 0;
    const cache = lruCache<number, number>({ max: 10, ttlMs: 100, now: () => clock });
    expect(await Promise.all([cache.get(1, async () => ++calls), cache.get(1, async () => ++calls)])).toEqual([1, 1]);
    clock = 101;
    expect(await cache.get(1, async () => ++calls)).toBe(2);
  });

  it('keeps at most max keys, dropping the least recently used', async () => {
    const cache = lruCache<string, string>({ max: 2, ttlMs: 1000 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('a', async () => 'a2'); // a is now the most recent
    await cache.get('c', async () => 'c1'); // b goes
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'a3')).toBe('a1');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
  });

  it('does not keep failures', async () => {
    const cache = lruCache<string, string>({ max: 2, ttlMs: 1000 });
    await expect(cache.get('x', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 'ok')).toBe('ok');
  });
});
