import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError, isApiPath } from '../errors';
import { isInternalCall } from '../lib/internal-call';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a page of the web app: counted by the rate limit like an API call */
    page?: boolean;
  }
}

export interface RateLimitOptions {
  /** requests per minute per client address on API paths and pages; 0 turns the limit off */
  perMinute: number;
  /** shared counters across processes; in memory when absent */
  redisUrl?: string;
}

/** The Redis that holds shared counters (this limit, sign-in and code limits); closed with the app. */
export function connectRedis(app: FastifyInstance, url: string): Redis {
  const redis = new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false });
  app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  return redis;
}

/**
 * A general per-address limit on API calls and page requests. The API calls a page's loaders make
 * while it renders carry the internal-call token and are not counted again: a visitor's page
 * costs one request of the allowance, not one per call. Sensitive routes (sign-in, codes) add
 * their own, stricter limits. Counters live in Redis when REDIS_URL is set, so every process
 * shares them. Over the limit: 429 with Retry-After.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: RateLimitOptions,
  internalToken: string,
  redis?: Redis,
): Promise<void> {
  if (options.perMinute <= 0) return;
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace: 'nomsan-rl:', skipOnError: true } : {}),
    allowList: (request) =>
      !(isApiPath(request.url) || request.routeOptions.config.page === true) || isInternalCall(request, internalToken),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
}
