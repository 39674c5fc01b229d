import { Redis } from 'ioredis';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { redisRateLimiter, type RedisLimiterOptions } from './redis-rate-limiter';

/**
 * The Redis connection for queue mode. BullMQ needs maxRetriesPerRequest: null on connections
 * used by workers; commands fail fast (no offline queue) so readiness reports 'down' promptly.
 */
export interface RedisHandle {
  ping(): Promise<void>;
  /** A request counter on this connection, shared with every process on the same Redis. */
  rateLimiter(options: RedisLimiterOptions): RateLimiterRedis;
  close(): Promise<void>;
}

/** How long a command on the connectRedis connection may wait for an answer. */
const COMMAND_TIMEOUT_MS = 1000;

export function connectRedis(url: string): RedisHandle {
  const client = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: null,
    enableOfflineQueue: false,
    connectTimeout: 2000,
    // A paused or partitioned Redis keeps the connection open and never answers: a command (the
    // rate limiters' counters, readiness pings) gives up after this, so that no request waits on
    // it (the limiters then count in this process: redis-rate-limiter.ts).
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // Connection errors are reported through readiness; without a listener ioredis logs them loudly.
  client.on('error', () => undefined);
  return {
    ping: async () => {
      await client.ping();
    },
    rateLimiter: (options) => redisRateLimiter(client, options),
    close: async () => {
      client.disconnect();
      await Promise.resolve();
    },
  };
}

/**
 * A connection for a BullMQ producer in the API (finalize enqueues, rule schedulers): no offline
 * queue and one retry, so that while Redis is down a request fails at once (503) instead of
 * waiting. Its errors surface through the Queue's 'error' event.
 */
export function producerConnection(url: string): Redis {
  const connection = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  connection.on('error', () => undefined);
  return connection;
}

/** Rejects when `promise` has not settled within `ms` (Redis that never answers). */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
