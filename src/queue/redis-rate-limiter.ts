import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

/** A request counter's settings: its name in Redis, how many per window, the window (s). */
export interface RedisLimiterOptions {
  keyPrefix: string;
  points: number;
  durationSec: number;
}

/**
 * A counter shared by every process on the same Redis (queue mode's rate limits). While Redis is
 * not ready, or does not answer within the connection's command timeout (a paused Redis), an
 * in-memory counter with the same settings stands in, so that an outage neither refuses or holds
 * every request nor lifts the limits.
 */
export function redisRateLimiter(client: Redis, options: RedisLimiterOptions): RateLimiterRedis {
  const settings = {
    keyPrefix: options.keyPrefix,
    points: options.points,
    duration: options.durationSec,
  };
  return new RateLimiterRedis({
    ...settings,
    storeClient: client,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory(settings),
  });
}
