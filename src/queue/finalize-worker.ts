import { DelayedError, type Job, UnrecoverableError, Worker, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { AppError } from '../errors/app-error';
import { countStalled } from '../telemetry/metrics';
import { inContinuedSpan } from '../telemetry/tracing';
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
 * Crashes: a worker that dies mid-job stops renewing its lock; within `lockDurationMs` plus one
 * stalled-job check (a quarter of it) a live worker puts the job back in the queue and another
 * worker runs it again, from where the dead run's checkpoint says it got to. A worker that only
 * stalled (a frozen process, Redis out of reach) may go on meanwhile: the finalization's fencing
 * stops it at its next write once the new run has started.
 *
 * Order: a finalization whose scope has an earlier job still pending answers `waiting`; its queue
 * job is put back as delayed (not counted as an attempt) and looks again after `scopeWaitMs`,
 * so waiting jobs never hold a worker's slot.
 */
export interface FinalizeWorkerHandle {
  /** Stops taking jobs and waits for running ones, at most `closeTimeoutMs`. */
  close(): Promise<void>;
}

export type GaveUpReason = 'unrecoverable' | 'attempts-exhausted';

/** What one run of a task came to (the domain's outcome, as the queue needs it). */
export type TaskOutcome =
  { status: 'done' } | { status: 'waiting' } | { status: 'failed'; error: unknown; run?: number };

/** A job whose workers died this many times is given up (e.g. it runs every worker out of memory). */
const MAX_INTERRUPTIONS = 5;

export interface FinalizeWorkerOptions {
  redisUrl: string;
  prefix: string;
  concurrency: number;
  /** How long a dead worker's job stays locked before another worker takes it over. */
  lockDurationMs: number;
  queueName?: string;
  /** How long close() waits for running finalizations before leaving them to another worker. */
  closeTimeoutMs?: number;
  /** How long a task whose scope is busy waits before it looks again. */
  scopeWaitMs?: number;
  logger: Logger;
  run: (task: FinalizeTask) => Promise<TaskOutcome>;
  /** `run`: the finalization run that failed, when it had claimed one. */
  onGaveUp: (task: FinalizeTask, err: unknown, reason: GaveUpReason, run?: number) => Promise<void>;
}

export function startFinalizeWorker(opts: FinalizeWorkerOptions): FinalizeWorkerHandle {
  const queueName = opts.queueName ?? DEFAULT_FINALIZE_QUEUE;
  const logger = opts.logger.child({ queue: queueName });
  const connection = new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
  connection.on('error', () => undefined); // surfaced through the worker's 'error' below

  const processor = new FinalizeProcessor(opts, logger);
  const worker = new Worker<FinalizeTask, void>(
    queueName,
    (job, token) => processor.process(job, token),
    workerOptions(opts, connection),
  );
  logWorkerEvents(worker, logger);
  countStalled(queueName, 0); // the series is there (at 0) from the start
  worker.on('stalled', () => countStalled(queueName));

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

function workerOptions(opts: FinalizeWorkerOptions, connection: Redis): WorkerOptions {
  return {
    connection,
    prefix: opts.prefix,
    concurrency: opts.concurrency,
    lockDuration: opts.lockDurationMs,
    // A dead worker's job is found within lockDuration plus one check.
    stalledInterval: Math.max(500, Math.floor(opts.lockDurationMs / 4)),
    // One more than we allow, so it is the processor below (which tells the domain) that gives up,
    // not BullMQ's own stall limit (which fails the job silently).
    maxStalledCount: MAX_INTERRUPTIONS + 1,
  };
}

function logWorkerEvents(worker: Worker<FinalizeTask, void>, logger: Logger): void {
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
}

/** One queue job's run: the domain's outcome turned into what BullMQ does next. */
class FinalizeProcessor {
  constructor(
    private readonly opts: Pick<FinalizeWorkerOptions, 'run' | 'onGaveUp' | 'scopeWaitMs'>,
    private readonly logger: Logger,
  ) {}

  async process(job: Job<FinalizeTask>, token?: string): Promise<void> {
    if (job.stalledCounter > MAX_INTERRUPTIONS) {
      const err = new Error(
        `The finalization was interrupted ${job.stalledCounter} times (its worker stopped)`,
      );
      return this.giveUp(job, err, 'attempts-exhausted');
    }
    this.logger.info(
      { jobId: job.data.jobId, queueJobId: job.id, started: job.attemptsStarted },
      'finalization picked up',
    );
    // The trace of the request that accepted it goes on here (while tracing).
    const { trace, ...task } = job.data;
    const outcome = await inContinuedSpan(trace, 'finalize', () => this.opts.run(task), {
      'messaging.system': 'bullmq',
      'messaging.destination.name': job.queueName,
    });
    if (outcome.status === 'done') return;
    if (outcome.status === 'waiting') return this.waitForScope(job, token);
    return this.fail(job, outcome);
  }

  /** Back in the queue as delayed (not counted as an attempt) until the scope may be free. */
  private async waitForScope(job: Job<FinalizeTask>, token?: string): Promise<never> {
    await job.moveToDelayed(Date.now() + (this.opts.scopeWaitMs ?? 1000), token);
    throw new DelayedError();
  }

  /** A failed run: given up when unrecoverable or out of attempts, else retried by BullMQ. */
  private async fail(
    job: Job<FinalizeTask>,
    outcome: Extract<TaskOutcome, { status: 'failed' }>,
  ): Promise<never> {
    const err = outcome.error;
    const unrecoverable = err instanceof AppError && !err.retryable;
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (unrecoverable || lastAttempt) {
      return this.giveUp(
        job,
        err,
        unrecoverable ? 'unrecoverable' : 'attempts-exhausted',
        outcome.run,
      );
    }
    throw err instanceof Error ? err : new Error(errorMessage(err));
  }

  private async giveUp(
    job: Job<FinalizeTask>,
    err: unknown,
    reason: GaveUpReason,
    run?: number,
  ): Promise<never> {
    try {
      await this.opts.onGaveUp(job.data, err, reason, run);
    } catch (notifyErr) {
      // Failing the queue job now would leave the sync job pending forever; throwing a plain error
      // instead lets BullMQ run the job again while it has attempts left.
      this.logger.error(
        { err: notifyErr, cause: err, jobId: job.id, reason },
        'could not record a failed finalization',
      );
      throw notifyErr;
    }
    throw new UnrecoverableError(errorMessage(err));
  }
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
