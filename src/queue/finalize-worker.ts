import { type Job, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { AppError } from '../errors/app-error';
import { DEFAULT_FINALIZE_QUEUE, type FinalizeTask } from './finalize-queue';
import { gracefulClose } from './worker-shutdown';

/**
 * The consumer side of queue mode's finalizations, run by `graphsync worker` processes (any number).
 *
 * Failures: an AppError with `retryable: false` is final at once (BullMQ UnrecoverableError); any
 * other error is retried with exponential backoff until the job's attempts run out. Either way the
 * domain is told through `onGaveUp` before the queue job is failed, so the sync job never stays
 * pending behind a dead queue job.
 *
 * Crashes: a worker that dies mid-job stops renewing its lock; after about `lockDurationMs` the
 * stalled-job check of any live worker puts the job back in the queue and another worker runs it
 * again from the start (finalize is idempotent).
 */
export interface FinalizeWorkerHandle {
  /** Stops taking jobs and waits for running ones, at most `closeTimeoutMs`. */
  close(): Promise<void>;
}

export type GaveUpReason = 'unrecoverable' | 'attempts-exhausted';

/** A job whose workers died this many times is given up (e.g. it runs every worker out of memory). */
const MAX_INTERRUPTIONS = 5;

export function startFinalizeWorker(opts: {
  redisUrl: string;
  prefix: string;
  concurrency: number;
  /** How long a dead worker's job stays locked before another worker takes it over. */
  lockDurationMs: number;
  queueName?: string;
  /** How long close() waits for running finalizations before leaving them to another worker. */
  closeTimeoutMs?: number;
  logger: Logger;
  run: (task: FinalizeTask) => Promise<void>;
  onGaveUp: (task: FinalizeTask, err: unknown, reason: GaveUpReason) => Promise<void>;
}): FinalizeWorkerHandle {
  const queueName = opts.queueName ?? DEFAULT_FINALIZE_QUEUE;
  const logger = opts.logger.child({ queue: queueName });
  const connection = new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
  connection.on('error', () => undefined); // surfaced through the worker's 'error' below

  const giveUp = async (job: Job<FinalizeTask>, err: unknown, reason: GaveUpReason) => {
    try {
      await opts.onGaveUp(job.data, err, reason);
    } catch (notifyErr) {
      // Failing the queue job now would leave the sync job pending forever; throwing a plain error
      // instead lets BullMQ run the job again while it has attempts left.
      logger.error(
        { err: notifyErr, cause: err, jobId: job.id, reason },
        'could not record a failed finalization',
      );
      throw notifyErr;
    }
    throw new UnrecoverableError(errorMessage(err));
  };

  const processor = async (job: Job<FinalizeTask>): Promise<void> => {
    if (job.stalledCounter > MAX_INTERRUPTIONS) {
      const err = new Error(
        `The finalization was interrupted ${job.stalledCounter} times (its worker stopped)`,
      );
      return giveUp(job, err, 'attempts-exhausted');
    }
    try {
      await opts.run(job.data);
    } catch (err) {
      const unrecoverable = err instanceof AppError && !err.retryable;
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (unrecoverable || lastAttempt) {
        return giveUp(job, err, unrecoverable ? 'unrecoverable' : 'attempts-exhausted');
      }
      throw err instanceof Error ? err : new Error(errorMessage(err));
    }
  };

  const worker = new Worker<FinalizeTask, void>(queueName, processor, {
    connection,
    prefix: opts.prefix,
    concurrency: opts.concurrency,
    lockDuration: opts.lockDurationMs,
    stalledInterval: opts.lockDurationMs,
    // One more than we allow, so it is the processor above (which tells the domain) that gives up,
    // not BullMQ's own stall limit (which fails the job silently).
    maxStalledCount: MAX_INTERRUPTIONS + 1,
  });
  worker.on('error', (err) => logger.error({ err }, 'finalize worker error'));
  worker.on('failed', (job, err) =>
    logger.warn(
      { err, jobId: job?.id, attemptsMade: job?.attemptsMade },
      'finalization attempt failed',
    ),
  );
  worker.on('stalled', (jobId) =>
    logger.warn({ jobId }, 'finalization interrupted (its worker stopped); queued again'),
  );

  return {
    close: gracefulClose({
      worker,
      connection,
      logger,
      timeoutMs: opts.closeTimeoutMs ?? 30_000,
      leftBehind: 'finalizations still running at shutdown; left to other workers',
    }),
  };
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
