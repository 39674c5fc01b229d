import { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { producerConnection, withTimeout } from './redis';
import { UnavailableError } from '../errors/app-error';
import { inSpan, traceCarrier } from '../telemetry/tracing';
import { watchQueueDepth } from './queue-depth';

/**
 * The producer side of queue mode's finalizations: the API process enqueues one BullMQ job per sync
 * job and answers FINALIZE_PENDING; `graphsync worker` processes run it (finalize-worker.ts).
 */
export interface FinalizeTask {
  accountId: string;
  jobId: string;
  /** The sync job's place in its scope's finalize order: each accepted finalize has its own. */
  seq: number;
  /** The trace context of the request that accepted it (W3C headers), while tracing is on. */
  trace?: Record<string, string>;
}

/**
 * The queue job of one accepted finalize. A finalize handed back and accepted again gets a new
 * number, so its queue job never collides with the finished one of the earlier acceptance.
 */
export function queueJobId(task: FinalizeTask): string {
  return `${task.jobId}.${task.seq}`;
}

export interface FinalizeQueue {
  /**
   * Idempotent per sync job: the BullMQ job id is the sync job id, so a repeated finalize finds the
   * queued (or running, or finished) job and adds nothing. Rejects with UnavailableError when Redis
   * cannot take the job.
   */
  enqueue(task: FinalizeTask): Promise<void>;
  /**
   * The reconciler's enqueue: adds the task when its queue job is missing (Redis lost it) or
   * already finished (a finished queue job whose sync job is still pending did not finalize it).
   * Returns whether it added one. Safe to run from many workers at once.
   */
  ensure(task: FinalizeTask): Promise<boolean>;
  close(): Promise<void>;
}

export const DEFAULT_FINALIZE_QUEUE = 'finalize';
const JOB_NAME = 'finalize';
const DAY_SECONDS = 24 * 60 * 60;
/** Redis that never answered: fail the request instead of holding it until Redis is back. */
const ENQUEUE_TIMEOUT_MS = 5000;

export interface FinalizeQueueOptions {
  redisUrl: string;
  prefix: string;
  /** Tries of a finalization that fails with a retryable error (config.queue.finalizeAttempts). */
  attempts: number;
  queueName?: string;
  /** First retry delay; each further retry waits twice as long. */
  backoffMs?: number;
  logger?: Logger;
}

type TaskQueue = Queue<FinalizeTask, void, typeof JOB_NAME>;

export function openFinalizeQueue(opts: FinalizeQueueOptions): FinalizeQueue {
  const queueName = opts.queueName ?? DEFAULT_FINALIZE_QUEUE;
  const connection = producerConnection(opts.redisUrl);
  const queue = new Queue<FinalizeTask, void, typeof JOB_NAME>(queueName, {
    connection,
    prefix: opts.prefix,
  });
  queue.on('error', (err) => opts.logger?.warn({ err, queue: queueName }, 'finalize queue error'));
  const unwatch = watchQueueDepth(queueName, queue);

  return {
    enqueue: async (task) => {
      try {
        await withTimeout(
          addTask(queue, task, opts),
          ENQUEUE_TIMEOUT_MS,
          'enqueueing a finalization',
        );
      } catch (err) {
        throw new UnavailableError(
          'The finalization could not be queued: Redis is unavailable',
          err,
        );
      }
    },
    ensure: (task) => ensureQueued(queue, task, opts),
    close: async () => {
      unwatch();
      await queue.close();
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}

/** One accepted finalize as a BullMQ job, under its queueJobId, with its retries and retention. */
function addTask(queue: TaskQueue, task: FinalizeTask, opts: FinalizeQueueOptions) {
  return inSpan(`${queue.name} enqueue`, () => addTraced(queue, task, opts), { kind: 'producer' });
}

/** The queue job, carrying the trace context (while tracing) for the worker to continue. */
function addTraced(queue: TaskQueue, task: FinalizeTask, opts: FinalizeQueueOptions) {
  const trace = traceCarrier();
  return queue.add(
    JOB_NAME,
    {
      accountId: task.accountId,
      jobId: task.jobId,
      seq: task.seq,
      ...(trace === undefined ? {} : { trace }),
    },
    {
      jobId: queueJobId(task),
      attempts: opts.attempts,
      backoff: { type: 'exponential', delay: opts.backoffMs ?? 5000 },
      // The id blocks duplicates while the finalize request may be repeated; after that the
      // records only cost memory.
      removeOnComplete: { age: DAY_SECONDS },
      removeOnFail: { age: 7 * DAY_SECONDS },
    },
  );
}

/** FinalizeQueue.ensure: a finished queue job is removed first, so the task's id is free again. */
async function ensureQueued(
  queue: TaskQueue,
  task: FinalizeTask,
  opts: FinalizeQueueOptions,
): Promise<boolean> {
  const id = queueJobId(task);
  const state = await queue.getJobState(id);
  if (state === 'completed' || state === 'failed') {
    await queue.remove(id);
  } else if (state !== 'unknown') {
    return false; // waiting, delayed, active or prioritized: a worker will run it
  }
  await addTask(queue, task, opts);
  return true;
}
