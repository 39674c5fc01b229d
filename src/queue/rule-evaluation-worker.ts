import { type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { DigestRunner } from '../notifications/digest-sender';
import { SEND_DIGESTS_JOB } from './digest-scheduler';
import type { RuleEvaluationJobData } from './rule-schedule-queue';
import { gracefulClose } from './worker-shutdown';
import { countStalled } from '../telemetry/metrics';
import type { RuleKey, ScheduledRunner } from '../rules/schedule/rule-schedule';
import {
  RULE_EVALUATION_QUEUE,
  errorMessage,
  ruleSchedulerId,
} from '../rules/schedule/rule-schedule-shared';

/**
 * The consumer side of queue mode's rule schedule, run by `graphsync worker` processes (any
 * number): each `evaluate-rule` job produced by a rule's scheduler (src/queue/rule-schedule-queue.ts) runs
 * the rule once through `runner.runScheduled`.
 *
 * - `ran` / `busy`: the job completes (`busy`: an evaluation of the rule was still running; this
 *   tick is skipped).
 * - `gone`: the rule was deleted; its scheduler is removed so it produces no more jobs.
 * - An error is logged and fails the job, without retries: the next interval runs the rule again.
 *
 * A `send-digests` job (the digest scheduler's, digest-scheduler.ts) runs `digests.runDue`.
 */
export interface RuleEvaluationWorkerHandle {
  /** Stops taking jobs and waits for running evaluations, at most `closeTimeoutMs`. */
  close(): Promise<void>;
}

export interface RuleEvaluationQueueWorkerOptions {
  redisUrl: string;
  prefix: string;
  concurrency: number;
  /** How long a dead worker's job stays locked before another worker runs it again. */
  lockDurationMs: number;
  runner: ScheduledRunner;
  /** What a `send-digests` job runs; without it such a job fails (no digest in this process). */
  digests?: DigestRunner;
  logger: Logger;
  /** Tests only: the BullMQ queue name. */
  queueName?: string;
  /** How long close() waits for running evaluations before leaving them. */
  closeTimeoutMs?: number;
}

export function startRuleEvaluationQueueWorker(
  opts: RuleEvaluationQueueWorkerOptions,
): RuleEvaluationWorkerHandle {
  const queueName = opts.queueName ?? RULE_EVALUATION_QUEUE;
  const logger = opts.logger.child({ queue: queueName });
  const connection = new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
  connection.on('error', () => undefined); // surfaced through the worker's 'error' below
  // For removing the scheduler of a deleted rule (shares the connection; the worker's blocking
  // reads use a connection of their own).
  const queue = new Queue<RuleEvaluationJobData, void, string>(queueName, {
    connection,
    prefix: opts.prefix,
  });
  queue.on('error', (err) => logger.warn({ err }, 'rule evaluation queue error'));

  const processor = new RuleEvaluationProcessor(opts.runner, queue, logger);
  const worker = new Worker<RuleEvaluationJobData, void>(
    queueName,
    (job) =>
      job.name === SEND_DIGESTS_JOB ? sendDigests(opts.digests, logger) : processor.process(job),
    {
      connection,
      prefix: opts.prefix,
      concurrency: opts.concurrency,
      lockDuration: opts.lockDurationMs,
      stalledInterval: opts.lockDurationMs,
    },
  );
  worker.on('error', (err) => logger.error({ err }, 'rule evaluation worker error'));
  countStalled(queueName, 0); // the series is there (at 0) from the start
  worker.on('stalled', () => countStalled(queueName));

  return {
    close: gracefulClose({
      worker,
      connection,
      logger,
      timeoutMs: opts.closeTimeoutMs ?? 30_000,
      // Its queue job runs again on another worker once its lock expires; the rule lock keeps
      // the two evaluations from overlapping.
      leftBehind: 'rule evaluations still running at shutdown; left behind',
      also: queue,
    }),
  };
}

/** One `send-digests` tick: every digest due, once per period (the claims see to that). */
async function sendDigests(digests: DigestRunner | undefined, logger: Logger): Promise<void> {
  if (digests === undefined) throw new Error('This worker does not send digests');
  try {
    await digests.runDue();
  } catch (err) {
    logger.error({ err }, 'digest tick failed');
    throw err instanceof Error ? err : new Error(errorMessage(err));
  }
}

type RunOutcome = Awaited<ReturnType<ScheduledRunner['runScheduled']>>;

/** One `evaluate-rule` job: the rule run once, then what its outcome asks of the schedule. */
class RuleEvaluationProcessor {
  constructor(
    private readonly runner: ScheduledRunner,
    private readonly queue: Queue<RuleEvaluationJobData, void, string>,
    private readonly logger: Logger,
  ) {}

  async process(job: Job<RuleEvaluationJobData>): Promise<void> {
    const key = { accountId: job.data.accountId, ruleId: job.data.ruleId };
    const outcome = await this.run(key, job);
    if (outcome === 'busy') {
      this.logger.debug({ ...key }, 'rule still being evaluated; this tick is skipped');
    } else if (outcome === 'gone') {
      await this.removeSchedule(key);
    }
  }

  /** The evaluation; an error is logged and fails the job (no retries: the next tick runs). */
  private async run(key: RuleKey, job: Job<RuleEvaluationJobData>): Promise<RunOutcome> {
    try {
      return await this.runner.runScheduled(key);
    } catch (err) {
      this.logger.error({ err, ...key, jobId: job.id }, 'scheduled rule evaluation failed');
      throw err instanceof Error ? err : new Error(errorMessage(err));
    }
  }

  /** A deleted rule's scheduler is removed, so it produces no more jobs. */
  private async removeSchedule(key: RuleKey): Promise<void> {
    try {
      await this.queue.removeJobScheduler(ruleSchedulerId(key));
    } catch (err) {
      // The next tick finds the rule gone again and tries once more.
      this.logger.warn({ err, ...key }, 'could not remove the schedule of a deleted rule');
      throw err;
    }
    this.logger.info({ ...key }, 'rule no longer exists; its schedule is removed');
  }
}
