import type { Queue } from 'bullmq';
import { registerQueueDepth } from '../telemetry/metrics';
import { withTimeout } from './redis';

/** How long a scrape waits for Redis to count a queue's jobs. */
const COUNT_TIMEOUT_MS = 2000;

/**
 * Makes `queue`'s waiting, active, delayed and failed jobs part of this process's metrics
 * (graphsync_queue_jobs), counted in Redis at each scrape. Returns the function that stops it
 * (call it when the queue closes).
 */
export function watchQueueDepth(name: string, queue: Queue): () => void {
  return registerQueueDepth(name, () =>
    withTimeout(
      queue.getJobCounts('waiting', 'active', 'delayed', 'failed'),
      COUNT_TIMEOUT_MS,
      `counting the jobs of queue ${name}`,
    ),
  );
}
