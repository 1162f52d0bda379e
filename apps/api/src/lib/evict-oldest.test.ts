import { describe, expect, it } from 'vitest';
import { evictOldest } from './evict-oldest';

describe('evictOldest', () => {
  it('leaves a map at or under max alone', () => {
    const map = new Map([
      [1, 'a'],
      [2, 'b'],
    ]);
    evictOldest(map, 2);
    expect([...map.keys()]).toEqual([1, 2]);
  });

  it('drops the oldest keys, a sixty-fourth of max more than needed', () => {
    const map = new Map<number, number>();
    for (let i = 0; i < 130; i++) map.set(i, i);
    evictOldest(map, 128);
    expect(map.size).toBe(126);
    expect([...map.keys()].slice(0, 2)).toEqual([4, 5]);
  });

  it('keeps the most recently inserted when max is small', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    evictOldest(map, 2);
    expect([...map.keys()]).toEqual(['b', 'c']);
  });
});
