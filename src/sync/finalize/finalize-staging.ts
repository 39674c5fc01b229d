import type { BlobStore } from '../../blob/blob-store';
import type { Graph, GraphAccess } from '../../graph/graph';
import { timeFinalizePhase } from '../../telemetry/metrics';
import type { JobRef } from '../jobs/job-service-contract';
import type { JobStore } from '../jobs/job-store';
import type { StoredJob } from '../jobs/stored-job';
import { stageBulkFile } from '../staging/bulk-file';
import { type Checkpoint, Progress } from './finalize-progress';
import { type JobKeys, loadJobKeys, needsJobKeys } from './job-keys';
import { inPhase } from './phase-telemetry';

/**
 * What a finalization run stages before its guard and its apply steps: the bulk file (if any,
 * phase `bulk-file`; a resumed run staged it already, under the job's lock, checking the run
 * itself), then the job's keys from its batches' prints (decision 0051), which the delete guard,
 * the deletes and ignoreDuplicates' "last one wins" read; none for a new scope unless keys repeat
 * (nothing to delete). Returns the job as staging left it, whether its scope is new, and its keys.
 */
export async function stageForRun(
  deps: {
    graph: Graph;
    blobs: BlobStore;
    jobs: JobStore;
    chunkSize: number;
    now?: () => number;
  },
  claimed: StoredJob,
  at: {
    fenced: GraphAccess;
    ref: JobRef;
    run: number;
    checkpoint: Checkpoint | undefined;
    /** Whether the job's scope holds no entity yet (looked up once the bulk file is staged). */
    isNewScope: (job: StoredJob) => Promise<boolean>;
  },
): Promise<{ job: StoredJob; newScope: boolean; keys: JobKeys | undefined }> {
  let job = claimed;
  if (job.bulkFileKey !== undefined) {
    if (at.checkpoint === undefined) await Progress.enterBulkFile(at.fenced, at.ref, job);
    job = await inPhase('bulk-file', () => stageBulkFile({ ...deps, run: at.run }, job));
  }
  const newScope = await at.isNewScope(job);
  // A scope that holds nothing has nothing to delete: its delete steps do nothing (delete-absent),
  // so only repeated keys need the job's keys. A run that resumes after this one wrote finds the
  // scope not new, and loads them then.
  if (!needsJobKeys(job) || (newScope && !job.crossBatchDuplicates)) {
    return { job, newScope, keys: undefined };
  }
  const keys = await timeFinalizePhase('load-keys', () =>
    loadJobKeys({ graph: at.fenced, blobs: deps.blobs }, job),
  );
  return { job, newScope, keys };
}
