/**
 * A small seeded PRNG. The demo data must be reproducible byte for byte across machines and
 * runs (the seeder relies on ids and slugs being stable), so nothing here touches Math.random.
 */

export interface Rng {
  /** uniform in [0, 1) */
  next(): number;
  /** integer in [min, max], both inclusive */
  int(min: number, max: number): number;
  /** true with the given probability */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items in random order (all of them when there are fewer) */
  sample<T>(items: readonly T[], count: number): T[];
  /** picks an item with probability proportional to its weight */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
}

/** mulberry32: tiny, fast, and good enough for picking words and prices. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  const sample = <T>(items: readonly T[], count: number): T[] => {
    // Drawing a few items from a long list (100 000 books) must not copy the list.
    if (items.length > 8 * count) return sampleSparse(items, count);
    const copy = items.slice();
    const n = Math.min(count, copy.length);
    // Partial Fisher-Yates: only the first n positions are shuffled.
    for (let i = 0; i < n; i += 1) {
      const j = i + Math.floor(next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, n);
  };
  const sampleSparse = <T>(items: readonly T[], count: number): T[] => {
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(Math.floor(next() * items.length));
    return [...chosen].map((index) => items[index] as T);
  };
  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  };
  return { next, int, chance: (p) => next() < p, pick, sample, weighted };
}

/** FNV-1a: turns a key such as 'book-17' into a seed, so a cover depends on its key alone. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
