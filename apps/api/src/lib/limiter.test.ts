import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { manualClock } from './clock';
import { createLimiter } from './limiter';

const MINUTE = 60_000;

function behavesAsASlidingWindow(make: (clock: ReturnType<typeof manualClock>) => ReturnType<typeof createLimiter>) {
  it('allows `limit` events per window, exactly, and says when to retry', async () => {
    const clock = manualClock(new Date('2025-01-01T00:00:30Z'));
    const limiter = make(clock);
    const key = `test:${Math.random()}`;
    const rule = { key, limit: 2, windowMs: MINUTE };
    expect((await limiter.hit(rule)).allowed).toBe(true);
    clock.advance(10_000);
    expect((await limiter.hit(rule)).allowed).toBe(true);
    const refused = await limiter.hit(rule);
    expect(refused).toEqual({ allowed: false, retryAfterMs: 50_000 });
    clock.advance(50_000);
    expect((await limiter.hit(rule)).allowed).toBe(true);
  });

  it('counts an event only when every rule allows it', async () => {
    const clock = manualClock();
    const limiter = make(clock);
    const tight = { key: `tight:${Math.random()}`, limit: 1, windowMs: MINUTE };
    const loose = { key: `loose:${Math.random()}`, limit: 2, windowMs: MINUTE };
    expect((await limiter.hitAll([tight, loose])).allowed).toBe(true);
    expect((await limiter.hitAll([tight, loose])).allowed).toBe(false);
    // The refused event did not use up the loose rule's second event.
    expect((await limiter.hit(loose)).allowed).toBe(true);
  });

  it('lets `limit` events through when many arrive at once, no more', async () => {
    const limiter = make(manualClock());
    const rules = [
      { key: `together:${Math.random()}`, limit: 3, windowMs: MINUTE },
      { key: `together-too:${Math.random()}`, limit: 5, windowMs: MINUTE },
    ];
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hitAll(rules)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    // the refused ones counted nowhere: the looser rule has two left
    expect((await limiter.hit(rules[1]!)).allowed).toBe(true);
    expect((await limiter.hit(rules[1]!)).allowed).toBe(true);
    expect((await limiter.hit(rules[1]!)).allowed).toBe(false);
  });

  it('reserves tries under the backoff, one place each when they arrive at once', async () => {
    const clock = manualClock();
    const limiter = make(clock);
    const key = `tries:${Math.random()}`;
    const policy = { windowMs: 60 * MINUTE, free: 5, firstDelayMs: 1000, maxDelayMs: 15 * MINUTE };
    const tries = await Promise.all(Array.from({ length: 40 }, () => limiter.reserve(key, policy)));
    expect(tries.filter((t) => t.allowed)).toHaveLength(5);
    expect(tries.filter((t) => !t.allowed).every((t) => t.retryAfterMs === 1000)).toBe(true);
    expect(await limiter.backoff(key, policy)).toEqual({ allowed: false, retryAfterMs: 1000 });
    // a try given back (not made) frees its place; a refused one has nothing to give back
    await tries.find((t) => !t.allowed)!.release();
    await tries[0]!.release();
    expect((await limiter.reserve(key, policy)).allowed).toBe(true);
    expect((await limiter.reserve(key, policy)).allowed).toBe(false);
    // each failure past the free ones doubles the wait
    clock.advance(1000);
    expect((await limiter.reserve(key, policy)).allowed).toBe(true);
    expect(await limiter.reserve(key, policy)).toMatchObject({ allowed: false, retryAfterMs: 2000 });
    // a success forgets them all
    await limiter.clear(key);
    expect((await limiter.reserve(key, policy)).allowed).toBe(true);
  });
}

describe('limiter in memory', () => {
  behavesAsASlidingWindow((clock) => createLimiter(clock));
});

describe.runIf(process.env.REDIS_URL)('limiter in Redis', () => {
  const redis = new Redis(process.env.REDIS_URL ?? '', { lazyConnect: true });
  afterAll(() => redis.quit());
  behavesAsASlidingWindow((clock) => createLimiter(clock, redis));
});

describe('limiter without its Redis', () => {
  it('allows the event and reports the error, rather than stopping every sign-in', async () => {
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    const errors: unknown[] = [];
    const limiter = createLimiter(manualClock(), redis, (error) => errors.push(error));
    expect(await limiter.hit({ key: 'k', limit: 1, windowMs: MINUTE })).toEqual({ allowed: true, retryAfterMs: 0 });
    expect(errors.length).toBe(1);
    const policy = { windowMs: MINUTE, free: 0, firstDelayMs: 1000, maxDelayMs: MINUTE };
    const tried = await limiter.reserve('k', policy);
    expect(tried.allowed).toBe(true);
    await tried.release();
    expect(errors.length).toBe(2);
    redis.disconnect();
  });
});
