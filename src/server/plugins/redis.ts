/**
 * Redis (ioredis) when REDIS_URL is set: shared rate-limit counters and sign-in lockouts, so limits hold
 * across instances and restarts. `app.redis` is null without REDIS_URL (one instance, counters in memory).
 *
 * Commands fail fast while Redis is unreachable (no offline queue, one retry) so a request never waits on
 * it; the client reconnects by itself, and /api/ready reports Redis as unavailable meanwhile.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis | null;
  }
}

export type RedisOptions = { url: string | undefined; prefix: string };

export function createRedis(url: string, prefix: string): Redis {
  return new Redis(url, {
    keyPrefix: prefix,
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // Reconnect quickly after an outage, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
}

/** Resolves once the client is ready, or after `ms` (the app still starts; readiness reports Redis down). */
function whenReady(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, ms);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    redis.once('ready', onReady);
  });
}

export const redisPlugin = fp<RedisOptions>(
  async (app: FastifyInstance, options) => {
    if (!options.url) {
      app.decorate('redis', null);
      return;
    }
    const redis = createRedis(options.url, options.prefix);
    let lastErrorLog = 0;
    redis.on('error', (error: Error) => {
      // ioredis reports every failed reconnect: one line per 10 s is enough.
      if (Date.now() - lastErrorLog < 10_000) return;
      lastErrorLog = Date.now();
      app.log.warn({ err: error.message }, 'redis is unavailable');
    });
    if (!(await whenReady(redis, 3000))) app.log.warn('redis did not answer at start; rate limits are not enforced until it does');
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
