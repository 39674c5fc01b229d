import { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { producerConnection, withTimeout } from './redis';
import { UnavailableError } from '../errors/app-error';

/**
 * The producer side of queue mode's finalizations: the API process enqueues one BullMQ job per sync
 * job and answers FINALIZE_PENDING; `graphsync worker` processes run it (finalize-worker.ts).
 */
export interface FinalizeTask {
  accountId: string;
  jobId: string;
}

export interface FinalizeQueue {
  /**
   * Idempotent per sync job: the BullMQ job id is the sync job id, so a repeated finalize finds the
   * queued (or running, or finished) job and adds nothing. Rejects with UnavailableError when Redis
   * cannot take the job.
   */
  enqueue(task: FinalizeTask): Promise<void>;
  close(): Promise<void>;
}

export const DEFAULT_FINALIZE_QUEUE = 'finalize';
const JOB_NAME = 'finalize';
const DAY_SECONDS = 24 * 60 * 60;
/** Redis that never answered: fail the request instead of holding it until Redis is back. */
const ENQUEUE_TIMEOUT_MS = 5000;

export function openFinalizeQueue(opts: {
  redisUrl: string;
  prefix: string;
  /** Tries of a finalization that fails with a retryable error (config.queue.finalizeAttempts). */
  attempts: number;
  queueName?: string;
  /** First retry delay; each further retry waits twice as long. */
  backoffMs?: number;
  logger?: Logger;
}): FinalizeQueue {
  const queueName = opts.queueName ?? DEFAULT_FINALIZE_QUEUE;
  const connection = producerConnection(opts.redisUrl);
  const queue = new Queue<FinalizeTask, void, typeof JOB_NAME>(queueName, {
    connection,
    prefix: opts.prefix,
  });
  queue.on('error', (err) => opts.logger?.warn({ err, queue: queueName }, 'finalize queue error'));

  return {
    enqueue: async (task) => {
      const adding = queue.add(
        JOB_NAME,
        { accountId: task.accountId, jobId: task.jobId },
        {
          jobId: task.jobId,
          attempts: opts.attempts,
          backoff: { type: 'exponential', delay: opts.backoffMs ?? 5000 },
          // A sync job is finalized once, so the id only has to block duplicates while the
          // finalize request may be repeated; after that the records only cost memory.
          removeOnComplete: { age: DAY_SECONDS },
          removeOnFail: { age: 7 * DAY_SECONDS },
        },
      );
      try {
        await withTimeout(adding, ENQUEUE_TIMEOUT_MS, 'enqueueing a finalization');
      } catch (err) {
        throw new UnavailableError(
          'The finalization could not be queued: Redis is unavailable',
          err,
        );
      }
    },
    close: async () => {
      await queue.close();
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
