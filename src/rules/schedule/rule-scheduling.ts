import type { Logger } from 'pino';
import { type Config, ConfigError } from '../../config/config';
import { LocalRuleLock } from './local-rule-lock';
import { openLocalRuleSchedule } from './local-rule-schedule';
import { openQueueRuleSchedule } from '../../queue/rule-schedule-queue';
import { openRedisRuleLock } from '../../queue/redis-rule-lock';
import { startRuleEvaluationQueueWorker } from '../../queue/rule-evaluation-worker';
import type { RuleLock, RuleSchedule, ScheduledRule, ScheduledRunner } from './rule-schedule';
import { startScheduleHealer } from './schedule-healer';

/**
 * Composition of rule scheduling for the two processes. Queue mode (REDIS_URL set): the API keeps
 * one BullMQ job scheduler per rule and `graphsync worker` processes run the ticks, holding a Redis
 * lock per rule. Local mode: the API runs timers and holds in-process locks.
 */

/**
 * What runs a tick. The runner usually needs the lock this module makes (to answer `busy`), so it
 * may be given as a function of that lock; it is called once, before any tick.
 */
export type RunnerSource = ScheduledRunner | ((lock: RuleLock) => ScheduledRunner);

export interface RuleScheduling {
  schedule: RuleSchedule;
  /** For every evaluation of a rule (scheduled or on request), so two never overlap. */
  lock: RuleLock;
  /** Closes the schedule, then the lock. */
  close(): Promise<void>;
}

/**
 * The API process's side. Queue mode: `runner` is not called here (workers run the ticks; see
 * startRuleEvaluationWorker), `schedule` writes to Redis and `lock` is the Redis lock. Local mode:
 * timers call `runner`, `lock` is in-process. Call `schedule.reconcile(allRules)` at start-up.
 */
export function openRuleScheduling(input: {
  config: Config;
  logger: Logger;
  runner: RunnerSource;
}): RuleScheduling {
  const { config, logger } = input;
  const overrideMs = config.rules.scheduleOverrideMs;
  let schedule: RuleSchedule;
  let lock: RuleLock;
  if (config.redisUrl !== undefined) {
    lock = openRedisRuleLock({
      redisUrl: config.redisUrl,
      prefix: config.queue.prefix,
      ttlMs: config.queue.lockDurationMs,
      logger,
    });
    schedule = openQueueRuleSchedule({
      redisUrl: config.redisUrl,
      prefix: config.queue.prefix,
      overrideMs,
      logger,
    });
  } else {
    lock = new LocalRuleLock();
    schedule = openLocalRuleSchedule({
      runner: resolveRunner(input.runner, lock),
      logger,
      overrideMs,
      concurrency: config.queue.concurrency,
    });
  }
  return {
    schedule,
    lock,
    close: async () => {
      await schedule.close();
      await lock.close();
    },
  };
}

/**
 * A `graphsync worker` process's side (queue mode only): runs the ticks the API's schedulers
 * produce, `config.queue.concurrency` at once; `lock` is the Redis lock for the runner.
 */
export function startRuleEvaluationWorker(input: {
  config: Config;
  logger: Logger;
  runner: RunnerSource;
}): { lock: RuleLock; close(): Promise<void> } {
  const { config, logger } = input;
  if (config.redisUrl === undefined) {
    throw new ConfigError([
      'REDIS_URL is required to run rule evaluations on a worker: they come from Redis (queue mode)',
    ]);
  }
  const lock = openRedisRuleLock({
    redisUrl: config.redisUrl,
    prefix: config.queue.prefix,
    ttlMs: config.queue.lockDurationMs,
    logger,
  });
  const worker = startRuleEvaluationQueueWorker({
    redisUrl: config.redisUrl,
    prefix: config.queue.prefix,
    concurrency: config.queue.concurrency,
    lockDurationMs: config.queue.lockDurationMs,
    runner: resolveRunner(input.runner, lock),
    logger,
  });
  return {
    lock,
    close: async () => {
      // Running evaluations finish (or are left behind past the timeout) before the lock closes.
      await worker.close();
      await lock.close();
    },
  };
}

/**
 * A `graphsync worker` process's self-healing of the schedule (queue mode only): its own handle on
 * the rule schedulers, checked at start and every `intervalMs` for enabled rules whose scheduler
 * Redis lost, which are put back (schedule-healer.ts). `scheduledRules`: the stored rules
 * (RuleService.scheduledRules). close() stops it; a pass in flight is abandoned.
 */
export function startRuleScheduleHealer(input: {
  config: Config;
  logger: Logger;
  scheduledRules: () => Promise<ScheduledRule[]>;
  intervalMs?: number;
}): { close(): Promise<void> } {
  const { config, logger } = input;
  if (config.redisUrl === undefined) {
    throw new ConfigError([
      'REDIS_URL is required to heal the rule schedule: its schedulers live in Redis (queue mode)',
    ]);
  }
  const schedule = openQueueRuleSchedule({
    redisUrl: config.redisUrl,
    prefix: config.queue.prefix,
    overrideMs: config.rules.scheduleOverrideMs,
    logger,
  });
  const healer = startScheduleHealer({
    schedule,
    scheduledRules: input.scheduledRules,
    logger,
    ...(input.intervalMs === undefined ? {} : { intervalMs: input.intervalMs }),
  });
  return {
    close: async () => {
      healer.stop();
      await schedule.close();
    },
  };
}

function resolveRunner(source: RunnerSource, lock: RuleLock): ScheduledRunner {
  return typeof source === 'function' ? source(lock) : source;
}
