import { type Config, ConfigError } from '../config/config';

/**
 * Which runtime a configuration asks for, decided here and nowhere else: without REDIS_URL the
 * `local` runtime (one API process finalizes and runs the rule timers itself), with it the
 * `queue` runtime (the API enqueues; `graphsync worker` processes take the work from Redis).
 * No IO and nothing heavy imported: the CLI checks a worker's configuration with it before it
 * loads or opens anything.
 */
export type RuntimeChoice = LocalChoice | QueueChoice;

export interface LocalChoice {
  readonly kind: 'local';
}

export interface QueueChoice {
  readonly kind: 'queue';
  readonly redisUrl: string;
}

export type RuntimeKind = RuntimeChoice['kind'];

export function chooseRuntime(config: Config): RuntimeChoice {
  return config.redisUrl === undefined
    ? { kind: 'local' }
    : { kind: 'queue', redisUrl: config.redisUrl };
}

/** A worker's runtime: always `queue`, since a worker takes its jobs from Redis. */
export function chooseWorkerRuntime(config: Config): QueueChoice {
  const choice = chooseRuntime(config);
  if (choice.kind === 'local') {
    throw new ConfigError([
      'REDIS_URL is required to run a worker: workers take their jobs from Redis (queue mode)',
    ]);
  }
  return choice;
}
