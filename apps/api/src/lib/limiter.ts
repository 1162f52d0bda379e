import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from './clock';

export interface LimitRule {
  /** what is counted, e.g. `otp-send:dest-minute:99112233` */
  key: string;
  limit: number;
  windowMs: number;
}

export interface LimitResult {
  allowed: boolean;
  /** when refused, how long until one more would be allowed */
  retryAfterMs: number;
}

/**
 * Counts events per key over a sliding window: the times of the events of the last window are
 * kept (in memory, or in a Redis sorted set so that every process shares them), so "one a
 * minute" means exactly that. The limits here are small (tens), so the logs stay small. A
 * refused event is not counted: whoever retries too often is let in again once the window has
 * moved on. Checking and counting are one step (in memory without a pause between them, in
 * Redis one script), so events that arrive at once each take their own place: a limit of five
 * lets five through however many come together, in one process or many.
 */
export interface Limiter {
  hit(rule: LimitRule): Promise<LimitResult>;
  /** checks several rules and counts the event only if all allow it */
  hitAll(rules: LimitRule[]): Promise<LimitResult>;
  /**
   * Takes one try of `key` under the backoff, checked and counted at once, before the try is
   * made (a password checked, a code looked up): guesses sent together cannot all pass the check
   * before any is counted. The try counts as a failure until `clear` (it succeeded) or
   * `release` (it was not made after all).
   */
  reserve(key: string, policy: BackoffPolicy): Promise<Reservation>;
  /** whether one more try is allowed after the failures recorded for `key` (counts nothing) */
  backoff(key: string, policy: BackoffPolicy): Promise<LimitResult>;
  /** records a failure for `backoff` */
  fail(key: string, policy: BackoffPolicy): Promise<void>;
  /** forgets the failures of `key` (the next try succeeded) */
  clear(key: string): Promise<void>;
}

export interface Reservation extends LimitResult {
  /** gives the try back: it was not made (another limit refused it, or our own failure) */
  release(): Promise<void>;
}

/**
 * Growing delays instead of a lockout: once `free` failures fall within the window, each further
 * try waits after the last failure, `firstDelayMs` at first and twice as long after every new
 * failure, up to `maxDelayMs`.
 */
export interface BackoffPolicy {
  windowMs: number;
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/** How long after the last of `failures` failures the next try may come. */
function backoffDelay(failures: number, policy: BackoffPolicy): number {
  const over = failures - policy.free;
  if (over < 0) return 0;
  return Math.min(policy.firstDelayMs * 2 ** Math.min(over, 30), policy.maxDelayMs);
}

/** How long until `rule` allows one more event, given the times of its recent events (0: now). */
function slidingWait(recent: number[], rule: LimitRule, now: number): number {
  if (recent.length < rule.limit) return 0;
  // Allowed again when enough of the oldest events have left the window.
  const freeing = recent[recent.length - rule.limit] ?? now;
  return Math.max(freeing + rule.windowMs - now, 1000);
}

/** How long until one more try is allowed after the failures at `recent` (0: now). */
function backoffWait(recent: number[], policy: BackoffPolicy, now: number): number {
  const last = recent.at(-1);
  if (last === undefined) return 0;
  return Math.max(last + backoffDelay(recent.length, policy) - now, 0);
}

/**
 * Where the event times are kept. `hitAll` and `reserve` check and count in one step; each
 * answers how long to wait (0: counted). An event is named by `id`, so one can be taken back.
 */
interface EventLog {
  hitAll(rules: LimitRule[], now: number, id: string): Promise<number>;
  reserve(key: string, policy: BackoffPolicy, now: number, id: string): Promise<number>;
  /** times of the events since `since`, oldest first */
  recent(key: string, since: number): Promise<number[]>;
  add(key: string, at: number, windowMs: number, id: string): Promise<void>;
  remove(key: string, id: string): Promise<void>;
  clear(key: string): Promise<void>;
}

function memoryLog(): EventLog {
  const logs = new Map<string, { events: { at: number; id: string }[]; until: number }>();
  let nextSweep = 0;
  // Everything below is synchronous: no other request runs between a check and its count.
  function recent(key: string, since: number): number[] {
    const entry = logs.get(key);
    if (!entry) return [];
    entry.events = entry.events.filter((event) => event.at > since);
    return entry.events.map((event) => event.at);
  }
  function add(key: string, at: number, windowMs: number, id: string): void {
    // Keys seen once (an address, a phone number) are swept once their window has passed.
    if (at >= nextSweep) {
      for (const [k, entry] of logs) if (entry.until <= at) logs.delete(k);
      nextSweep = at + 60_000;
    }
    const entry = logs.get(key);
    logs.set(key, {
      events: [...(entry?.events ?? []), { at, id }],
      until: Math.max(entry?.until ?? 0, at + windowMs),
    });
  }
  return {
    async hitAll(rules, now, id) {
      const wait = Math.max(0, ...rules.map((rule) => slidingWait(recent(rule.key, now - rule.windowMs), rule, now)));
      if (wait === 0) for (const rule of rules) add(rule.key, now, rule.windowMs, id);
      return wait;
    },
    async reserve(key, policy, now, id) {
      const wait = backoffWait(recent(key, now - policy.windowMs), policy, now);
      if (wait === 0) add(key, now, policy.windowMs, id);
      return wait;
    },
    recent: async (key, since) => recent(key, since),
    add: async (key, at, windowMs, id) => add(key, at, windowMs, id),
    async remove(key, id) {
      const entry = logs.get(key);
      if (entry) entry.events = entry.events.filter((event) => event.id !== id);
    },
    async clear(key) {
      logs.delete(key);
    },
  };
}

/**
 * The checks of `slidingWait` and `backoffWait` as Redis scripts: Redis runs a script whole, so
 * no other process's event comes between the check and the count. (Scores are the times.)
 */
const HIT_ALL_SCRIPT = `
local now = tonumber(ARGV[1])
local wait = 0
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[1 + 2 * i])
  local window = tonumber(ARGV[2 + 2 * i])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local count = redis.call('ZCARD', key)
  if count >= limit then
    local freeing = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')[2]
    wait = math.max(wait, (tonumber(freeing) or now) + window - now, 1000)
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[2])
  redis.call('PEXPIRE', key, ARGV[2 + 2 * i])
end
return 0`;

const RESERVE_SCRIPT = `
local now, window = tonumber(ARGV[1]), tonumber(ARGV[3])
local free, first, max = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= free and count > 0 then
  local last = tonumber(redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')[2])
  local wait = last + math.min(first * 2 ^ math.min(count - free, 30), max) - now
  if wait > 0 then return wait end
end
redis.call('ZADD', KEYS[1], now, ARGV[2])
redis.call('PEXPIRE', KEYS[1], window)
return 0`;

function redisLog(redis: Redis, prefix: string): EventLog {
  return {
    async hitAll(rules, now, id) {
      const limits = rules.flatMap((rule) => [rule.limit, rule.windowMs]);
      const keys = rules.map((rule) => prefix + rule.key);
      return Number(await redis.eval(HIT_ALL_SCRIPT, keys.length, ...keys, now, id, ...limits));
    },
    async reserve(key, policy, now, id) {
      const { windowMs, free, firstDelayMs, maxDelayMs } = policy;
      return Number(
        await redis.eval(RESERVE_SCRIPT, 1, prefix + key, now, id, windowMs, free, firstDelayMs, maxDelayMs),
      );
    },
    async recent(key, since) {
      const [, [, times] = []] =
        (await redis
          .multi()
          .zremrangebyscore(prefix + key, '-inf', String(since))
          .zrange(prefix + key, '0', '-1', 'WITHSCORES')
          .exec()) ?? [];
      const pairs = (times as string[] | undefined) ?? [];
      return pairs.filter((_, i) => i % 2 === 1).map(Number);
    },
    async add(key, at, windowMs, id) {
      await redis
        .multi()
        .zadd(prefix + key, at, id)
        .pexpire(prefix + key, windowMs)
        .exec();
    },
    async remove(key, id) {
      await redis.zrem(prefix + key, id);
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * `onError` hears about a Redis that does not answer; the event is then allowed, as the general
 * rate limit does (`skipOnError`): a Redis outage must not stop every sign-in. The per-challenge
 * code tries are counted in the database and hold regardless.
 */
export function createLimiter(clock: Clock, redis?: Redis, onError: (error: unknown) => void = () => {}): Limiter {
  const log = redis ? redisLog(redis, 'nomsan-limit:') : memoryLog();
  /** names an event: its time, and enough randomness to tell apart two at the same instant */
  const eventId = (at: number) => `${at}-${randomBytes(4).toString('hex')}`;

  /** a Redis that does not answer allows the try */
  async function tolerant<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      onError(error);
      return fallback;
    }
  }

  const allowed: LimitResult = { allowed: true, retryAfterMs: 0 };
  const result = (waitMs: number): LimitResult => (waitMs > 0 ? { allowed: false, retryAfterMs: waitMs } : allowed);

  async function hitAll(rules: LimitRule[]): Promise<LimitResult> {
    const now = clock.now().getTime();
    return tolerant(async () => result(await log.hitAll(rules, now, eventId(now))), allowed);
  }

  return {
    hit: (rule) => hitAll([rule]),
    hitAll,
    async reserve(key, policy) {
      const now = clock.now().getTime();
      const id = eventId(now);
      const nothingTaken = { ...allowed, release: async () => undefined };
      return tolerant(async () => {
        const waitMs = await log.reserve(key, policy, now, id);
        if (waitMs > 0) return { ...result(waitMs), release: async () => undefined };
        return { ...allowed, release: () => tolerant(() => log.remove(key, id), undefined) };
      }, nothingTaken);
    },
    backoff: (key, policy) =>
      tolerant(async () => {
        const now = clock.now().getTime();
        return result(backoffWait(await log.recent(key, now - policy.windowMs), policy, now));
      }, allowed),
    fail: (key, policy) =>
      tolerant(() => {
        const now = clock.now().getTime();
        return log.add(key, now, policy.windowMs, eventId(now));
      }, undefined),
    clear: (key) => tolerant(() => log.clear(key), undefined),
  };
}
