import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError, apiPrefixes } from '../errors';

export interface RateLimitOptions {
  /** requests per minute per client address on API paths; 0 turns the limit off */
  perMinute: number;
  /** shared counters across processes; in memory when absent */
  redisUrl?: string;
}

const isApiPath = (url: string) => apiPrefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

/** The Redis that holds shared counters (this limit, sign-in and code limits); closed with the app. */
export function connectRedis(app: FastifyInstance, url: string): Redis {
  const redis = new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false });
  app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  return redis;
}

/**
 * A general per-address limit on API calls. Sensitive routes (sign-in, codes) add their own,
 * stricter limits. Counters live in Redis when REDIS_URL is set, so every process shares them.
 */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions, redis?: Redis): Promise<void> {
  if (options.perMinute <= 0) return;
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace: 'nomsan-rl:', skipOnError: true } : {}),
    allowList: (request) => !isApiPath(request.url),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
}
