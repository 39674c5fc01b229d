import type { BlobStore } from '../../blob/blob-store';
import type { Graph, GraphAccess } from '../../graph/graph';
import { timeFinalizePhase } from '../../telemetry/metrics';
import type { JobRef } from '../jobs/job-service-contract';
import type { JobStore } from '../jobs/job-store';
import type { StoredJob } from '../jobs/stored-job';
import { stageBulkFile } from '../staging/bulk-file';
import { stageJobKeys } from '../staging/staged-keys';
import { type Checkpoint, Progress } from './finalize-progress';
import { inPhase } from './phase-telemetry';

/**
 * What a finalization run stages before its guard and its apply steps: the bulk file (if any,
 * phase `bulk-file`; a resumed run staged it already), then the job's keys, which uploads do not
 * stage in Neo4j (decision 0050): the delete guard, the deletes and ignoreDuplicates' "last one
 * wins" read them, written through `fenced`, the run's fenced graph (the bulk file is staged
 * under the job's lock, checking the run itself). Returns the job as staging left it.
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
  at: { fenced: GraphAccess; ref: JobRef; run: number; checkpoint: Checkpoint | undefined },
): Promise<StoredJob> {
  let job = claimed;
  if (job.bulkFileKey !== undefined) {
    if (at.checkpoint === undefined) await Progress.enterBulkFile(at.fenced, at.ref, job);
    job = await inPhase('bulk-file', () => stageBulkFile({ ...deps, run: at.run }, job));
  }
  return timeFinalizePhase('stage-keys', () =>
    stageJobKeys({ graph: at.fenced, blobs: deps.blobs, chunkSize: deps.chunkSize }, job),
  );
}
