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
}

interface EventLog {
  /** times of the events since `since`, oldest first */
  recent(key: string, since: number): Promise<number[]>;
  add(key: string, at: number, windowMs: number): Promise<void>;
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

  return { hit: (rule) => hitAll([rule]), hitAll };
}
