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
 * moved on. Across processes, two events at the same instant may both pass the check: a limit
 * can be overshot by the number of processes, never more.
 */
export interface Limiter {
  hit(rule: LimitRule): Promise<LimitResult>;
  /** checks several rules and counts the event only if all allow it */
  hitAll(rules: LimitRule[]): Promise<LimitResult>;
  /** whether one more try is allowed after the failures recorded for `key` (counts nothing) */
  backoff(key: string, policy: BackoffPolicy): Promise<LimitResult>;
  /** records a failure for `backoff` */
  fail(key: string, policy: BackoffPolicy): Promise<void>;
  /** forgets the failures of `key` (the next try succeeded) */
  clear(key: string): Promise<void>;
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

interface EventLog {
  /** times of the events since `since`, oldest first */
  recent(key: string, since: number): Promise<number[]>;
  add(key: string, at: number, windowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
}

function memoryLog(): EventLog {
  const logs = new Map<string, { times: number[]; until: number }>();
  let nextSweep = 0;
  return {
    async recent(key, since) {
      const entry = logs.get(key);
      if (!entry) return [];
      entry.times = entry.times.filter((at) => at > since);
      return entry.times;
    },
    async add(key, at, windowMs) {
      // Keys seen once (an address, a phone number) are swept once their window has passed.
      if (at >= nextSweep) {
        for (const [k, entry] of logs) if (entry.until <= at) logs.delete(k);
        nextSweep = at + 60_000;
      }
      const entry = logs.get(key);
      logs.set(key, { times: [...(entry?.times ?? []), at], until: Math.max(entry?.until ?? 0, at + windowMs) });
    },
    async clear(key) {
      logs.delete(key);
    },
  };
}

function redisLog(redis: Redis, prefix: string): EventLog {
  return {
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
    async add(key, at, windowMs) {
      await redis
        .multi()
        .zadd(prefix + key, at, `${at}-${randomBytes(4).toString('hex')}`)
        .pexpire(prefix + key, windowMs)
        .exec();
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

  async function check(rule: LimitRule, now: number): Promise<LimitResult> {
    const recent = await log.recent(rule.key, now - rule.windowMs);
    if (recent.length < rule.limit) return { allowed: true, retryAfterMs: 0 };
    // Allowed again when enough of the oldest events have left the window.
    const freeing = recent[recent.length - rule.limit] ?? now;
    return { allowed: false, retryAfterMs: Math.max(freeing + rule.windowMs - now, 1000) };
  }

  async function hitAll(rules: LimitRule[]): Promise<LimitResult> {
    const now = clock.now().getTime();
    try {
      const results = await Promise.all(rules.map((rule) => check(rule, now)));
      const refused = results.filter((r) => !r.allowed);
      if (refused.length > 0) return { allowed: false, retryAfterMs: Math.max(...refused.map((r) => r.retryAfterMs)) };
      await Promise.all(rules.map((rule) => log.add(rule.key, now, rule.windowMs)));
    } catch (error) {
      onError(error);
    }
    return { allowed: true, retryAfterMs: 0 };
  }

  /** a Redis that does not answer allows the try, as `hitAll` does */
  async function tolerant<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      onError(error);
      return fallback;
    }
  }

  return {
    hit: (rule) => hitAll([rule]),
    hitAll,
    backoff: (key, policy) =>
      tolerant(
        async () => {
          const now = clock.now().getTime();
          const failures = await log.recent(key, now - policy.windowMs);
          const last = failures.at(-1);
          const waitUntil = last === undefined ? 0 : last + backoffDelay(failures.length, policy);
          return waitUntil <= now
            ? { allowed: true, retryAfterMs: 0 }
            : { allowed: false, retryAfterMs: waitUntil - now };
        },
        { allowed: true, retryAfterMs: 0 },
      ),
    fail: (key, policy) => tolerant(() => log.add(key, clock.now().getTime(), policy.windowMs), undefined),
    clear: (key) => tolerant(() => log.clear(key), undefined),
  };
}
