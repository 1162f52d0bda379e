import { describe, expect, it } from 'vitest';
import { cacheRegistry } from './tagged-cache';

// The keyed LRU every module's cache is (what lib/lru.ts was before the tagged registry).
const lruCache = <K, V>(options: { max: number; ttlMs: number; now?: () => number }) =>
  cacheRegistry().lru<K, V>(options);

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

describe('lruCache.getMany', () => {
  it('loads only the missing keys, in one batch, and leaves out keys that do not exist', async () => {
    const cache = lruCache<number, string>({ max: 10, ttlMs: 1000 });
    const batches: number[][] = [];
    const load = async (missing: number[]) => {
      batches.push(missing);
      return new Map(missing.filter((n) => n !== 99).map((n) => [n, `v${n}`]));
    };
    expect([...(await cache.getMany([1, 2, 99], load))]).toEqual([
      [1, 'v1'],
      [2, 'v2'],
    ]);
    expect([...(await cache.getMany([2, 3, 1], load))].map(([k]) => k)).toEqual([2, 3, 1]);
    expect(batches).toEqual([[1, 2, 99], [3]]);
  });

  it('shares a batch under way with a concurrent caller', async () => {
    const cache = lruCache<number, string>({ max: 10, ttlMs: 1000 });
    let calls = 0;
    const load = async (missing: number[]) => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return new Map(missing.map((n) => [n, `v${n}`]));
    };
    const [a, b] = await Promise.all([cache.getMany([1, 2], load), cache.getMany([2, 1], load)]);
    expect(calls).toBe(1);
    expect(a.get(2)).toBe('v2');
    expect(b.get(1)).toBe('v1');
  });
});

describe('lruCache.getMany when loading fails', () => {
  it('fails every caller waiting for the batch, keeps none of its keys and loads them again', async () => {
    const cache = lruCache<number, string>({ max: 10, ttlMs: 1000 });
    let release: (error: Error) => void = () => undefined;
    const failing = () => new Promise<Map<number, string>>((_, reject) => (release = reject));
    const first = cache.getMany([1, 2], failing);
    const second = cache.getMany([2, 3], async (missing) => new Map(missing.map((n) => [n, `v${n}`])));
    release(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await expect(second).rejects.toThrow('connection lost');
    expect(await cache.get(3, async () => 'other')).toBe('v3');
    const again = await cache.getMany([1, 2], async (missing) => new Map(missing.map((n) => [n, `new${n}`])));
    expect([...again]).toEqual([
      [1, 'new1'],
      [2, 'new2'],
    ]);
  });

  it('answers known keys as they are, in the order asked, with the loaded ones', async () => {
    let clock = 0;
    const cache = lruCache<number, string>({ max: 10, ttlMs: 100, now: () => clock });
    await cache.getMany([5, 6], async (missing) => new Map(missing.map((n) => [n, `a${n}`])));
    clock = 50;
    const loads: number[][] = [];
    const found = await cache.getMany([7, 6, 5], async (missing) => {
      loads.push(missing);
      return new Map(missing.map((n) => [n, `b${n}`]));
    });
    expect([...found]).toEqual([
      [7, 'b7'],
      [6, 'a6'],
      [5, 'a5'],
    ]);
    clock = 120; // 5 and 6 expired, 7 (loaded at 50) has not
    expect([...(await cache.getMany([5, 7], async (missing) => new Map(missing.map((n) => [n, `c${n}`]))))]).toEqual([
      [5, 'c5'],
      [7, 'b7'],
    ]);
  });
});
