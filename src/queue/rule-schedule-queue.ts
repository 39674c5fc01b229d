import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { producerConnection, withTimeout } from './redis';
import { watchQueueDepth } from './queue-depth';
import { UnavailableError } from '../errors/app-error';
import type {
  ReconcileOptions,
  RuleKey,
  RuleSchedule,
  ScheduledRule,
} from '../rules/schedule/rule-schedule';
import {
  EVALUATE_RULE_JOB,
  RULE_EVALUATION_QUEUE,
  RULE_SCHEDULER_PREFIX,
  ruleIntervalMs,
  ruleSchedulerId,
  type EnabledInterval,
} from '../rules/schedule/rule-schedule-shared';

/**
 * Queue mode's schedule, used by the API process: one BullMQ job scheduler per enabled rule
 * (`rule:<accountId>:<ruleId>`, `{ every }`), producing `evaluate-rule` jobs that any
 * `graphsync worker` takes (rule-evaluation-worker.ts). BullMQ hands each produced job to one
 * worker, so a tick runs once across all workers.
 *
 * Upserting a scheduler with the interval it already has keeps its next run time (so reconcile at
 * every API start does not shift or repeat runs); a new scheduler, or a changed interval, runs at
 * once and then every interval. Workers open one too, for its reconcile `missingOnly`: they put
 * back the schedulers Redis lost (src/rules/schedule/schedule-healer.ts).
 */
export interface RuleEvaluationJobData {
  accountId: string;
  ruleId: string;
}

interface EnabledRule {
  key: RuleKey;
  interval: EnabledInterval;
}

/** Redis that never answers: fail the request instead of holding it until Redis is back. */
const REDIS_TIMEOUT_MS = 5000;
/** Schedulers upserted or removed at once during reconcile. */
const RECONCILE_PARALLELISM = 20;

/**
 * Scheduler jobs repeat forever: keep only a few finished records (for a look at recent runs),
 * and no retries (a failed evaluation is recorded by the evaluator; the next interval runs again).
 */
export const RULE_JOB_OPTIONS = {
  attempts: 1,
  removeOnComplete: { count: 100, age: 24 * 60 * 60 },
  removeOnFail: { count: 500, age: 7 * 24 * 60 * 60 },
};

export interface QueueRuleScheduleOptions {
  redisUrl: string;
  prefix: string;
  /** config.rules.scheduleOverrideMs: every rule runs at this interval instead of its own. */
  overrideMs?: number;
  /** Tests only: the BullMQ queue name. */
  queueName?: string;
  /** How long one Redis operation may take before the call fails (default 5 s). */
  timeoutMs?: number;
  logger?: Logger;
}

export function openQueueRuleSchedule(opts: QueueRuleScheduleOptions): RuleSchedule {
  const schedule = new QueueRuleSchedule(opts);
  return {
    set: (rule) => schedule.set(rule),
    remove: (key) => schedule.remove(key),
    reconcile: (rules, options) => schedule.reconcile(rules, options),
    close: () => schedule.close(),
  };
}

/** The rule schedulers on one BullMQ queue: the domain's calls, each mapped to Redis errors. */
class QueueRuleSchedule {
  private readonly timeoutMs: number;
  private readonly connection: Redis;
  private readonly queue: Queue<RuleEvaluationJobData, void, string>;
  private closing: Promise<void> | undefined;
  private readonly unwatch: () => void;

  constructor(private readonly opts: QueueRuleScheduleOptions) {
    this.timeoutMs = opts.timeoutMs ?? REDIS_TIMEOUT_MS;
    const queueName = opts.queueName ?? RULE_EVALUATION_QUEUE;
    this.connection = producerConnection(opts.redisUrl);
    this.queue = new Queue<RuleEvaluationJobData, void, string>(queueName, {
      connection: this.connection,
      prefix: opts.prefix,
    });
    this.queue.on('error', (err) =>
      opts.logger?.warn({ err, queue: queueName }, 'rule evaluation queue error'),
    );
    this.unwatch = watchQueueDepth(queueName, this.queue);
  }

  async set(rule: ScheduledRule): Promise<void> {
    if (rule.pollingInterval === 'DISABLED') return this.remove(rule);
    try {
      await this.upsert(rule, rule.pollingInterval);
    } catch (err) {
      throw new UnavailableError(
        `The schedule of rule '${rule.ruleId}' could not be saved: Redis is unavailable`,
        err,
      );
    }
  }

  async remove(key: RuleKey): Promise<void> {
    try {
      await this.removeById(ruleSchedulerId(key));
    } catch (err) {
      throw new UnavailableError(
        `The schedule of rule '${key.ruleId}' could not be removed: Redis is unavailable`,
        err,
      );
    }
  }

  async reconcile(rules: ScheduledRule[], options: ReconcileOptions = {}): Promise<void> {
    const enabled = rules.flatMap((r): EnabledRule[] =>
      r.pollingInterval === 'DISABLED' ? [] : [{ key: r, interval: r.pollingInterval }],
    );
    try {
      await (options.missingOnly === true ? this.addMissing(enabled) : this.replaceAll(enabled));
    } catch (err) {
      throw new UnavailableError(
        'The rule schedules could not be restored: Redis is unavailable',
        err,
      );
    }
  }

  close(): Promise<void> {
    return (this.closing ??= this.closeOnce());
  }

  private async upsert(key: RuleKey, interval: EnabledInterval): Promise<void> {
    await withTimeout(
      this.queue.upsertJobScheduler(
        ruleSchedulerId(key),
        { every: ruleIntervalMs(interval, this.opts.overrideMs) },
        {
          name: EVALUATE_RULE_JOB,
          data: { accountId: key.accountId, ruleId: key.ruleId },
          opts: RULE_JOB_OPTIONS,
        },
      ),
      this.timeoutMs,
      'scheduling a rule',
    );
  }

  private async removeById(schedulerId: string): Promise<void> {
    await withTimeout(this.queue.removeJobScheduler(schedulerId), this.timeoutMs, 'unscheduling');
  }

  /** The ids of the rules' schedulers in Redis (other schedulers are not reconcile's). */
  private async ruleSchedulerIds(): Promise<string[]> {
    const existing = await withTimeout(
      this.queue.getJobSchedulers(),
      this.timeoutMs,
      'listing rule schedulers',
    );
    return existing.map((s) => s.key).filter((id) => id.startsWith(RULE_SCHEDULER_PREFIX));
  }

  /** At start-up: every enabled rule upserted (unchanged ones keep their next run), others removed. */
  private async replaceAll(enabled: EnabledRule[]): Promise<void> {
    const wanted = new Set(enabled.map((r) => ruleSchedulerId(r.key)));
    await inBatches(enabled, RECONCILE_PARALLELISM, (r) => this.upsert(r.key, r.interval));
    const stale = (await this.ruleSchedulerIds()).filter((id) => !wanted.has(id));
    await inBatches(stale, RECONCILE_PARALLELISM, (id) => this.removeById(id));
    this.opts.logger?.info(
      { scheduled: wanted.size, removed: stale.length },
      'rule schedules reconciled',
    );
  }

  /**
   * Healing (`missingOnly`): upserts only the enabled rules Redis has no scheduler for; an existing
   * scheduler is not written at all, so nothing a concurrent writer (the API, another worker) just
   * did is undone. Two processes adding one rule at once make one scheduler: the second upsert
   * finds it with the same interval and keeps its pending job.
   */
  private async addMissing(enabled: EnabledRule[]): Promise<void> {
    const existing = new Set(await this.ruleSchedulerIds());
    const missing = enabled.filter((r) => !existing.has(ruleSchedulerId(r.key)));
    await inBatches(missing, RECONCILE_PARALLELISM, (r) => this.upsert(r.key, r.interval));
    if (missing.length > 0) {
      this.opts.logger?.warn(
        { restored: missing.length, scheduled: enabled.length },
        'rule schedulers missing from Redis were restored',
      );
    } else {
      this.opts.logger?.debug({ scheduled: enabled.length }, 'every rule scheduler is in place');
    }
  }

  private async closeOnce(): Promise<void> {
    this.unwatch();
    await this.queue.close().catch(() => undefined);
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}

async function inBatches<T>(
  items: T[],
  size: number,
  each: (item: T) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < items.length; i += size) {
    await Promise.all(items.slice(i, i + size).map(each));
  }
}
