import type { Logger } from 'pino';
import type { Config } from './config/config';
import { ConfigError } from './config/config';
import type { Graph } from './graph/graph';
import { connectRedis } from './queue/redis';

/**
 * Composition root of a worker process (queue mode): connects to Redis and Neo4j and runs the
 * queue processors. Any number of workers may run, on any host.
 */
export interface RunningWorker {
  close(): Promise<void>;
}

export async function startWorker(input: {
  config: Config;
  logger: Logger;
  graph: Graph;
}): Promise<RunningWorker> {
  const { config, logger, graph } = input;
  if (config.redisUrl === undefined) {
    throw new ConfigError([
      'REDIS_URL is required to run a worker: workers take their jobs from Redis (queue mode)',
    ]);
  }
  const redis = connectRedis(config.redisUrl);
  await graph.ping();
  logger.info({ mode: config.mode }, 'worker started');
  return {
    close: async () => {
      await redis.close();
      logger.info('worker stopped');
    },
  };
}
