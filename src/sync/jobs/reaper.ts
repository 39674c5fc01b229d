import type { Logger } from 'pino';
import type { JobStore } from './job-store';
import type { SyncJobService } from './sync-job-service';

/**
 * Aborts jobs left in AWAITING_UPLOADS longer than the TTL (a client that died before finalize),
 * discarding their staged data, and discards the staged data of jobs the delete guard stopped a
 * TTL ago. Safe to run from several processes at once: the abort is a status
 * transition that only one of them wins.
 */
export async function reapStaleJobs(deps: {
  jobs: JobStore;
  service: SyncJobService;
  ttlMs: number;
  now: number;
  logger: Logger;
}): Promise<number> {
  const stale = await deps.jobs.findStale(deps.now - deps.ttlMs, 500);
  let reaped = 0;
  for (const ref of stale) {
    try {
      await deps.service.abortJob(
        ref,
        'ABORTED',
        `Aborted by the service: no finalize within ${formatMs(deps.ttlMs)} of the start`,
      );
      reaped++;
    } catch (err) {
      // Finalized or aborted meanwhile by its client: nothing to do.
      deps.logger.debug({ err, jobId: ref.jobId }, 'reaper skipped a job');
    }
  }
  if (reaped > 0) deps.logger.info({ reaped }, 'aborted stale sync jobs');
  return reaped + (await expireGuardStops(deps));
}

/**
 * Jobs the delete guard stopped keep their staged data so that they can be forced; one TTL after
 * the stop they no longer can, and their staged data goes (counted with the reaped jobs).
 */
async function expireGuardStops(deps: {
  jobs: JobStore;
  service: SyncJobService;
  ttlMs: number;
  now: number;
  logger: Logger;
}): Promise<number> {
  const expired = await deps.jobs.expireGuardStops(deps.now - deps.ttlMs, 500);
  for (const ref of expired) {
    try {
      await deps.service.discardStaging(ref);
    } catch (err) {
      deps.logger.warn({ err, jobId: ref.jobId }, 'could not remove an expired job staging');
    }
  }
  if (expired.length > 0) {
    deps.logger.info({ expired: expired.length }, 'removed the staging of guard-stopped jobs');
  }
  return expired.length;
}

/** Runs the reaper every interval until stopped. */
export function startReaper(deps: {
  jobs: JobStore;
  service: SyncJobService;
  ttlMs: number;
  intervalMs: number;
  logger: Logger;
}): { stop(): void } {
  const tick = (): void => {
    reapStaleJobs({ ...deps, now: Date.now() }).catch((err: unknown) =>
      deps.logger.warn({ err }, 'sync job reaper failed'),
    );
  };
  const timer = setInterval(tick, deps.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

function formatMs(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}
