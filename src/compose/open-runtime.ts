import type { Logger } from 'pino';
import type { Config } from '../config/config';
import { openLocalRuntime } from './local-runtime';
import { openQueueRuntime } from './queue-runtime';
import type { Runtime, QueueRuntime } from './runtime';
import { chooseRuntime, type QueueChoice, type RuntimeChoice } from './runtime-choice';

/** Opens the runtime of `choice` (runtime-choice.ts): the one place that builds either. */
export function openRuntime(config: Config, choice: QueueChoice, logger: Logger): QueueRuntime;
export function openRuntime(config: Config, choice: RuntimeChoice, logger: Logger): Runtime;
export function openRuntime(config: Config, choice: RuntimeChoice, logger: Logger): Runtime {
  return choice.kind === 'queue'
    ? openQueueRuntime(config, choice, logger)
    : openLocalRuntime(config, logger);
}

/** The runtime the configuration asks for (REDIS_URL set: queue; otherwise local). */
export function runtimeFromConfig(config: Config, logger: Logger): Runtime {
  return openRuntime(config, chooseRuntime(config), logger);
}
