import type { Logger } from 'pino';
import type { Config } from '../config/config';
import { startDigestScheduler } from '../queue/digest-scheduler';
import { type FinalizeQueue, openFinalizeQueue } from '../queue/finalize-queue';
import { startFinalizeReconciler } from '../queue/finalize-reconciler';
import { startFinalizeWorker } from '../queue/finalize-worker';
import { connectRedis } from '../queue/redis';
import { openRedisRuleLock } from '../queue/redis-rule-lock';
import { startRuleEvaluationQueueWorker } from '../queue/rule-evaluation-worker';
import { openQueueRuleSchedule } from '../queue/rule-schedule-queue';
import { startScheduleHealer } from '../rules/schedule/schedule-healer';
import { RECONCILE_RETRY_MS } from '../rules/schedule/schedule-reconciler';
import { type SyncJobs, startSyncReaper } from '../sync/jobs/create-sync-jobs';
import { queueFinalizeOwner } from '../sync/finalize/finalize-owner';
import type { QueueChoice } from './runtime-choice';
import type { Background, QueueRuntime, RuleWork } from './runtime';

/**
 * The queue runtime (REDIS_URL set), the same in the API and in every worker: one Redis connection
 * for readiness, the finalize queue, and the Redis rule lock, opened now; the schedule, and a
 * worker's processors, when asked for.
 */
export function openQueueRuntime(
  config: Config,
  choice: QueueChoice,
  logger: Logger,
): QueueRuntime {
  const { redisUrl } = choice;
  const { prefix } = config.queue;
  const redis = connectRedis(redisUrl);
  const finalizeQueue = openFinalizeQueue({
    redisUrl,
    prefix,
    attempts: config.queue.finalizeAttempts,
    logger,
  });
  const queue: QueueAccess = { redisUrl, prefix, finalizeQueue };
  const ruleLock = openRedisRuleLock({
    redisUrl,
    prefix,
    ttlMs: config.queue.lockDurationMs,
    logger,
  });
  return {
    kind: 'queue',
    redis,
    finalizeQueue,
    ruleLock,
    dispatcher: () => ({
      owner: queueFinalizeOwner(prefix),
      dispatch: (ref) => finalizeQueue.enqueue(ref),
    }),
    rateLimiters: (options) =>
      redis.rateLimiter({ ...options, keyPrefix: `${prefix}:limits:${options.keyPrefix}` }),
    pingRedis: () => redis.ping(),
    // The API's side writes the schedulers; workers run the ticks (startRuleWorkers).
    openRuleSchedule: () =>
      openQueueRuleSchedule({
        redisUrl,
        prefix,
        overrideMs: config.rules.scheduleOverrideMs,
        logger,
      }),
    // The workers reap, and their reconciler takes up the finalizations an API left pending.
    startApiBackground: () => ({ stop: () => Promise.resolve() }),
    startDigestSchedule: () => startApiDigestScheduler(config, queue, logger),
    startSyncWorkers: (sync) => startSyncWorkers(config, queue, sync, logger),
    startRuleWorkers: (work) => startRuleWorkers(config, queue, work, logger),
    close: async () => {
      await ruleLock.close();
      await finalizeQueue.close();
      await redis.close();
    },
  };
}

/** Where a worker's processors connect: Redis, the queue prefix and the finalize queue. */
interface QueueAccess {
  redisUrl: string;
  prefix: string;
  finalizeQueue: FinalizeQueue;
}

/** The API's `digest` job scheduler, written at start-up; the workers run its ticks. */
function startApiDigestScheduler(config: Config, queue: QueueAccess, logger: Logger): Background {
  return startDigestScheduler({
    redisUrl: queue.redisUrl,
    prefix: queue.prefix,
    tickMs: config.digest.tickMs,
    mode: 'upsert',
    retryMs: RECONCILE_RETRY_MS,
    logger,
  });
}

/** A worker's sync work (QueueRuntime.startSyncWorkers). */
function startSyncWorkers(
  config: Config,
  queue: QueueAccess,
  sync: SyncJobs,
  logger: Logger,
): Background {
  const { redisUrl, prefix, finalizeQueue } = queue;
  const worker = startFinalizeWorker({
    redisUrl,
    prefix,
    concurrency: config.queue.concurrency,
    lockDurationMs: config.queue.lockDurationMs,
    logger,
    run: async (task) => {
      const outcome = await sync.finalizer.attempt(task);
      if (outcome.status === 'waiting' || outcome.status === 'failed') return outcome;
      return { status: 'done' };
    },
    onGaveUp: (task, err, _reason, run) => sync.finalizer.giveUp(task, err, run),
  });
  // Accepted finalizations that Redis lost (or never got) are queued again.
  const reconciler = startFinalizeReconciler({
    queue: finalizeQueue,
    pending: async (limit) =>
      (await sync.jobs.findFinalizePending(Date.now(), limit, queueFinalizeOwner(prefix))).map(
        (j) => ({
          accountId: j.accountId,
          jobId: j.jobId,
          seq: j.finalizeSeq,
        }),
      ),
    intervalMs: config.queue.reconcileIntervalMs,
    logger,
  });
  const reaper = startSyncReaper(sync, config, logger);
  return {
    stop: async () => {
      reaper.stop();
      reconciler.stop();
      // Finishes the running finalizations (or, past a timeout, leaves them to another worker).
      await worker.close();
    },
  };
}

/** A worker's rule work (QueueRuntime.startRuleWorkers). */
function startRuleWorkers(
  config: Config,
  queue: QueueAccess,
  work: RuleWork,
  logger: Logger,
): Background {
  const { redisUrl, prefix } = queue;
  const worker = startRuleEvaluationQueueWorker({
    redisUrl,
    prefix,
    concurrency: config.queue.concurrency,
    lockDurationMs: config.queue.lockDurationMs,
    runner: work.runner,
    ...(work.digests === undefined ? {} : { digests: work.digests }),
    logger,
  });
  // Rule schedulers Redis lost (restarted empty, failed over) are put back; present ones untouched.
  const healer = startScheduleHealer({
    schedule: work.schedule,
    scheduledRules: work.scheduledRules,
    logger,
    intervalMs: config.rules.scheduleHealIntervalMs,
  });
  // The digest scheduler too, when this worker sends digests.
  const digest =
    work.digests === undefined
      ? undefined
      : startDigestScheduler({
          redisUrl,
          prefix,
          tickMs: config.digest.tickMs,
          mode: 'missing',
          retryMs: config.rules.scheduleHealIntervalMs,
          logger,
        });
  return {
    stop: async () => {
      healer.stop();
      await digest?.stop();
      await worker.close();
    },
  };
}
