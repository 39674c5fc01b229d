import { Redis } from 'ioredis';

/**
 * The Redis connection for queue mode. BullMQ needs maxRetriesPerRequest: null on connections
 * used by workers; commands fail fast (no offline queue) so readiness reports 'down' promptly.
 */
export interface RedisHandle {
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function connectRedis(url: string): RedisHandle {
  const client = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: null,
    enableOfflineQueue: false,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // Connection errors are reported through readiness; without a listener ioredis logs them loudly.
  client.on('error', () => undefined);
  return {
    ping: async () => {
      await client.ping();
    },
    close: async () => {
      client.disconnect();
      await Promise.resolve();
    },
  };
}
