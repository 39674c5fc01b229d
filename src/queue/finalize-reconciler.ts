import type { Logger } from 'pino';
import type { FinalizeQueue, FinalizeTask } from './finalize-queue';

/**
 * Neo4j, not Redis, is the record of which finalizations were accepted: a FINALIZE_PENDING job is
 * one. Redis can lose queue jobs (a restart without persistence, a failover to an empty replica,
 * eviction), so every worker runs this reconciler: at start and then every `intervalMs`, each
 * pending job whose queue job is missing or already finished gets one again. Idempotent and safe
 * with any number of workers: the queue job id is fixed per accepted finalize, and a duplicate
 * run of one job is fenced (src/sync/finalize/finalize-fence.ts).
 */
export interface FinalizeReconciler {
  /** One pass: how many queue jobs it (re)created. */
  pass(): Promise<number>;
  stop(): void;
}

/** At most this many pending jobs are looked at per pass (the oldest first). */
const PASS_LIMIT = 1000;

export function startFinalizeReconciler(opts: {
  queue: Pick<FinalizeQueue, 'ensure'>;
  /** The FINALIZE_PENDING jobs, oldest first, at most `limit`. */
  pending: (limit: number) => Promise<FinalizeTask[]>;
  intervalMs: number;
  logger: Logger;
}): FinalizeReconciler {
  let running: Promise<number> | undefined;
  const pass = async (): Promise<number> => {
    let requeued = 0;
    for (const task of await opts.pending(PASS_LIMIT)) {
      if (await opts.queue.ensure(task)) {
        requeued++;
        opts.logger.warn(
          { jobId: task.jobId, seq: task.seq },
          'pending finalization had no queue job; queued again',
        );
      }
    }
    return requeued;
  };
  // One pass at a time per process: a slow Redis must not pile passes up.
  const once = (): Promise<number> => {
    running ??= pass().finally(() => (running = undefined));
    return running;
  };
  const tick = () => {
    once().catch((err: unknown) =>
      opts.logger.warn({ err }, 'finalize reconcile pass failed; trying again'),
    );
  };
  tick();
  const timer = setInterval(tick, opts.intervalMs);
  timer.unref();
  return { pass: once, stop: () => clearInterval(timer) };
}
