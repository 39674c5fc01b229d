import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account-service';
import type { BlobStore } from '../blob/blob-store';
import type { Graph } from '../graph/graph';
import { type FinalizeDispatcher, inProcessDispatcher } from './finalize-dispatch';
import { Finalizer } from './finalizer';
import { JobStore } from './job-store';
import { SyncJobService } from './sync-job-service';

/**
 * Builds the sync job services from their dependencies. The dispatcher decides the deployment
 * mode: without one, finalization runs in-process (local mode).
 */
export interface SyncJobs {
  service: SyncJobService;
  finalizer: Finalizer;
  jobs: JobStore;
}

export function createSyncJobs(deps: {
  graph: Graph;
  blobs: BlobStore;
  accounts: AccountService;
  logger: Logger;
  chunkSize: number;
  attempts: number;
  /** Queue mode passes a queue-backed dispatcher; local mode leaves it out. */
  dispatcher?: (finalizer: Finalizer) => FinalizeDispatcher;
}): SyncJobs {
  const jobs = new JobStore(deps.graph);
  const finalizer = new Finalizer({
    graph: deps.graph,
    blobs: deps.blobs,
    jobs,
    logger: deps.logger,
    chunkSize: deps.chunkSize,
  });
  const dispatcher =
    deps.dispatcher?.(finalizer) ??
    inProcessDispatcher({ finalizer, logger: deps.logger, attempts: deps.attempts });
  const service = new SyncJobService({
    graph: deps.graph,
    blobs: deps.blobs,
    jobs,
    accounts: deps.accounts,
    dispatcher,
  });
  return { service, finalizer, jobs };
}
