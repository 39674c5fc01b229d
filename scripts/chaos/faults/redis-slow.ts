import { EMPTY_GRAPH, firstGraph } from '../graph-data';
import { sleep } from '../random';
import type { Trial } from '../trial';

/** How long the API waits for Redis to take a finalization (src/queue/finalize-queue.ts). */
const ENQUEUE_TIMEOUT_MS = 5000;

/**
 * Redis paused (SIGSTOP) while finalize is called: the API answers 503 after its enqueue timeout
 * and hands the job back to AWAITING_UPLOADS, or 200 if Redis comes back in time. Redis resumes
 * after a random 1-9 s (every other trial: between the 503 and the client's retry); the client
 * retries like a real one (503: again after a random 0.5-3 s back off; 409: read the job). An
 * enqueue that timed out may still reach Redis when it resumes, before or after the retry. The job
 * must end FINISHED, exact.
 */
export async function redisSlowFault(t: Trial): Promise<void> {
  const o = t.ctx.options;
  const g = firstGraph(o.entities, o.relationships);
  const id = await t.newJob('w', g);
  const backoffMs = Math.round(t.ctx.rnd.between(500, 3000));
  // Every other trial resumes Redis between the 503 and the client's retry: the enqueue that timed
  // out then reaches the queue while the job is back in AWAITING_UPLOADS.
  const pauseMs = Math.round(
    t.index % 2 === 0
      ? ENQUEUE_TIMEOUT_MS + t.ctx.rnd.between(0.2, 0.8) * backoffMs
      : t.ctx.rnd.between(1000, 9000),
  );
  t.redis.pause();
  const finalizing = t.client.finalizeLikeClient(id, Date.now() + o.deadlineMs, backoffMs);
  await sleep(pauseMs);
  t.redis.resume();
  const statuses = await finalizing;
  t.note(
    `Redis paused ${pauseMs} ms; finalize (retry after ${backoffMs} ms) answered ${statuses.join(', ')}`,
  );
  const unexpected = statuses.filter((s) => s !== 200 && s !== 503 && s !== 409);
  if (unexpected.length > 0) {
    t.outcome.httpErrors += unexpected.length;
    t.note(`finalize answered unexpected statuses: ${unexpected.join(', ')}`);
  }
  await t.verify(id, 'w', EMPTY_GRAPH, g, Date.now() + o.deadlineMs);
}
