import { describe, expect, it } from 'vitest';
import { collectTags, noteTags, tag } from './cache-tags';
import { createInvalidationBus } from './invalidation';
import { cacheRegistry } from './tagged-cache';

interface Book {
  id: number;
  title: string;
  categoryIds: number[];
}

const bookTags = (book: Book) => [tag.book(book.id), ...book.categoryIds.map(tag.category)];

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** a cache of books whose loads are counted, and answer the current edition of each title */
function books(max = 10, now?: () => number) {
  const registry = cacheRegistry();
  const cache = registry.lru<number, Book>({ max, ttlMs: 1000, tags: bookTags, now });
  const titles = new Map<number, string>();
  let loads = 0;
  const load = (id: number) => async (): Promise<Book> => {
    loads += 1;
    return { id, title: titles.get(id) ?? `t${id}`, categoryIds: [id * 10] };
  };
  return {
    registry,
    cache,
    titles,
    get: (id: number) => cache.get(id, load(id)),
    get loads() {
      return loads;
    },
  };
}

describe('tagged lru', () => {
  it('computes a key once for concurrent callers and until it expires', async () => {
    let clock = 0;
    const store = books(10, () => clock);
    expect((await Promise.all([store.get(1), store.get(1)])).map((b) => b.title)).toEqual(['t1', 't1']);
    expect(store.loads).toBe(1);
    clock = 999;
    await store.get(1);
    expect(store.loads).toBe(1);
    clock = 1000;
    await store.get(1);
    expect(store.loads).toBe(2);
  });

  it('keeps at most max keys, dropping the least recently used', async () => {
    const store = books(2);
    await store.get(1);
    await store.get(2);
    await store.get(1);
    await store.get(3); // 2 goes
    expect(store.cache.size).toBe(2);
    await store.get(1);
    expect(store.loads).toBe(3);
    await store.get(2);
    expect(store.loads).toBe(4);
  });

  it('does not keep failures', async () => {
    const { cache } = books();
    await expect(cache.get(1, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cache.get(1, async () => ({ id: 1, title: 'ok', categoryIds: [] }))).title).toBe('ok');
  });

  it('does not keep a value whose tags cannot be made', async () => {
    const registry = cacheRegistry();
    let broken = true;
    const cache = registry.lru<number, number>({
      max: 10,
      ttlMs: 1000,
      tags: (value) => {
        if (broken) throw new Error('no tags');
        return [tag.book(value)];
      },
    });
    await expect(cache.get(1, async () => 1)).rejects.toThrow('no tags');
    broken = false;
    expect(await cache.get(1, async () => 2)).toBe(2);
  });
});

describe('tagged lru invalidation', () => {
  it('drops the entries carrying an invalidated tag, in every cache of the registry, and only those', async () => {
    const store = books();
    const lists = store.registry.lru<string, number[]>({ max: 10, ttlMs: 1000 });
    const list = (key: string, ids: number[]) =>
      lists.get(key, async () => (await Promise.all(ids.map(store.get))).map((b) => b.id));
    await list('first', [1, 2]);
    await list('second', [3]);
    store.titles.set(1, 'new title');
    store.registry.invalidate([tag.book(1)]);
    expect((await store.get(1)).title).toBe('new title');
    expect(store.loads).toBe(4);
    await store.get(2);
    expect(store.loads).toBe(4);
    // the list read book 1 through the other cache: it carries book 1's tag without naming it
    let listed = 0;
    await lists.get('first', async () => [++listed]);
    await lists.get('second', async () => [++listed]);
    expect(listed).toBe(1);
  });

  it('drops by tags derived from the value (a category)', async () => {
    const store = books();
    await store.get(1);
    await store.get(2);
    store.registry.invalidate([tag.category(20)]);
    await store.get(1);
    await store.get(2);
    expect(store.loads).toBe(3);
  });

  it('drops everything on `all`, and entries that name no tag or the coarse tag on any invalidation', async () => {
    const registry = cacheRegistry();
    const named = registry.lru<string, string>({ max: 10, ttlMs: 1000, tags: () => [tag.offers] });
    const unnamed = registry.lru<string, string>({ max: 10, ttlMs: 1000 });
    const coarse = registry.lru<string, string>({ max: 10, ttlMs: 1000, tags: () => [tag.catalog] });
    for (const cache of [named, unnamed, coarse]) await cache.get('k', async () => 'v');
    registry.invalidate([tag.book(99)]);
    expect([named.size, unnamed.size, coarse.size]).toEqual([1, 0, 0]);
    registry.invalidate([tag.all]);
    expect(named.size).toBe(0);
  });

  it('does not store a computation that was under way when one of its tags was invalidated', async () => {
    const { registry, cache } = books();
    const old = deferred<Book>();
    const first = cache.get(1, () => old.promise);
    registry.invalidate([tag.book(1)]);
    // a caller after the change does not share the computation that may have read the old data
    let after = 0;
    const second = cache.get(1, async () => ({ id: 1, title: `new ${++after}`, categoryIds: [] }));
    old.resolve({ id: 1, title: 'old', categoryIds: [] });
    expect((await first).title).toBe('old');
    expect((await second).title).toBe('new 1');
    expect((await cache.get(1, async () => ({ id: 1, title: 'again', categoryIds: [] }))).title).toBe('new 1');
  });

  it('does not store a batch that was under way during an invalidation', async () => {
    const { registry, cache } = books();
    const batch = deferred<Map<number, Book>>();
    const first = cache.getMany([1, 2], () => batch.promise);
    registry.invalidate([tag.book(2)]);
    batch.resolve(
      new Map([
        [1, { id: 1, title: 'old1', categoryIds: [] }],
        [2, { id: 2, title: 'old2', categoryIds: [] }],
      ]),
    );
    expect([...(await first).values()].map((b) => b.title)).toEqual(['old1', 'old2']);
    const loads: number[][] = [];
    const again = await cache.getMany([1, 2], async (missing) => {
      loads.push(missing);
      return new Map(missing.map((id) => [id, { id, title: `new${id}`, categoryIds: [] }]));
    });
    expect(loads).toEqual([[1, 2]]);
    expect([...again.values()].map((b) => b.title)).toEqual(['new1', 'new2']);
  });

  it('follows the bus it was made with, until closed', async () => {
    const bus = createInvalidationBus({ onError: (error) => expect.fail(String(error)) });
    const registry = cacheRegistry(bus);
    const cache = registry.lru<number, number>({ max: 10, ttlMs: 1000, tags: (n) => [tag.book(n)] });
    await cache.get(1, async () => 1);
    await bus.publish([tag.book(1)]);
    expect(cache.size).toBe(0);
    await cache.get(1, async () => 1);
    registry.close();
    await bus.publish([tag.book(1)]);
    expect(cache.size).toBe(1);
  });
});

// (its batch loading as lib/lru.ts had it: tagged-lru.test.ts)
describe('tagged lru getMany', () => {
  it('fails every caller waiting for a failed batch and keeps none of its keys', async () => {
    const cache = cacheRegistry().lru<number, string>({ max: 10, ttlMs: 1000 });
    const failing = deferred<Map<number, string>>();
    const first = cache.getMany([1, 2], () => failing.promise);
    const second = cache.getMany([2, 3], async (missing) => new Map(missing.map((n) => [n, `v${n}`])));
    failing.reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await expect(second).rejects.toThrow('connection lost');
    expect(await cache.get(3, async () => 'other')).toBe('v3');
    expect([...(await cache.getMany([1, 2], async (missing) => new Map(missing.map((n) => [n, `new${n}`]))))]).toEqual([
      [1, 'new1'],
      [2, 'new2'],
    ]);
  });
});

describe('tagged cached value', () => {
  it('computes once for concurrent callers, then serves the previous value while one refresh runs', async () => {
    let clock = 0;
    let calls = 0;
    const refresh = deferred<void>();
    const get = cacheRegistry().cached({ ttlMs: 1000, now: () => clock }, async () => {
      calls += 1;
      if (calls > 1) await refresh.promise;
      return calls;
    });
    expect(await Promise.all([get(), get()])).toEqual([1, 1]);
    clock = 1001;
    expect(await Promise.all([get(), get()])).toEqual([1, 1]);
    expect(calls).toBe(2);
    refresh.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await get()).toBe(2);
  });

  it('does not remember a first failure, and keeps the last value when a refresh fails', async () => {
    let clock = 0;
    let fail = true;
    const get = cacheRegistry().cached({ ttlMs: 1000, now: () => clock }, async () => {
      if (fail) throw new Error('down');
      return 'ok';
    });
    await expect(get()).rejects.toThrow('down');
    fail = false;
    expect(await get()).toBe('ok');
    fail = true;
    clock = 2000;
    expect(await get()).toBe('ok');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await get()).toBe('ok');
  });

  it('recomputes an invalidated value on the next call instead of serving it stale', async () => {
    const registry = cacheRegistry();
    let edition = 0;
    const categories = registry.cached({ ttlMs: 60_000, tags: () => [tag.categories] }, async () => ++edition);
    expect(await categories()).toBe(1);
    registry.invalidate([tag.book(1)]);
    expect(await categories()).toBe(1);
    registry.invalidate([tag.categories]);
    expect(await categories()).toBe(2);
  });

  it('does not keep a computation that was under way during an invalidation', async () => {
    const registry = cacheRegistry();
    const old = deferred<string>();
    let calls = 0;
    const get = registry.cached({ ttlMs: 60_000, tags: () => [tag.categories] }, () =>
      ++calls === 1 ? old.promise : Promise.resolve(`new ${calls}`),
    );
    const first = get();
    registry.invalidate([tag.categories]);
    const second = get();
    old.resolve('old');
    expect(await first).toBe('old');
    expect(await second).toBe('new 2');
    expect(await get()).toBe('new 2');
  });
});

describe('tags of an answer', () => {
  it('gathers the tags of every read, hit or miss, and those noted by hand', async () => {
    const store = books();
    const categories = store.registry.cached({ ttlMs: 1000, tags: () => [tag.categories] }, async () => ['c']);
    await store.get(1); // a hit below
    const tags = new Set<string>();
    await collectTags(tags, async () => {
      await store.get(1);
      await store.cache.getMany(
        [2],
        async (missing) => new Map(missing.map((id) => [id, { id, title: '', categoryIds: [] }])),
      );
      await categories();
      noteTags([tag.offers]);
    });
    expect([...tags].sort()).toEqual([tag.book(1), tag.book(2), tag.categories, tag.category(10), tag.offers].sort());
  });

  it('gives a caller that joined a computation under way its tags too', async () => {
    const { cache } = books();
    const pending = deferred<Book>();
    const first = cache.get(5, () => pending.promise);
    const tags = new Set<string>();
    const joined = collectTags(tags, () => cache.get(5, () => Promise.reject(new Error('not called'))));
    pending.resolve({ id: 5, title: '', categoryIds: [] });
    await Promise.all([first, joined]);
    expect([...tags]).toEqual([tag.book(5)]);
  });

  it('counts a read of an entry that names no tag as the coarse tag', async () => {
    const cache = cacheRegistry().lru<string, string>({ max: 10, ttlMs: 1000 });
    const tags = new Set<string>();
    await collectTags(tags, () => cache.get('k', async () => 'v'));
    expect([...tags]).toEqual([tag.catalog]);
  });
});

describe('peeking into a tagged cache', () => {
  it('gives a kept, computed value without computing, and nothing for what is missing, pending or dropped', async () => {
    const registry = cacheRegistry();
    const cache = registry.lru<number, string>({ max: 10, ttlMs: 60_000, tags: (_value, key) => [`book:${key}`] });
    expect(cache.peek(1)).toBeUndefined();
    let finish: (value: string) => void = () => undefined;
    const pending = cache.get(1, () => new Promise<string>((resolve) => (finish = resolve)));
    expect(cache.peek(1)).toBeUndefined();
    finish('one');
    await pending;
    expect(cache.peek(1)).toBe('one');
    registry.invalidate(['book:1']);
    expect(cache.peek(1)).toBeUndefined();
  });
});
