import type { BlobStore } from '../../blob/blob-store';
import type { GraphAccess } from '../../graph/graph';
import { entityHashOf, relationshipHashOf } from '../finalize/content-hash';
import type { StoredJob } from '../jobs/stored-job';
import { SYNC_MODES } from '../modes/mode-policy';
import { readBatch, stagedKeyRef } from './staging';

/** A row of sync/stage-keys. */
type KeyRow = { kind: 'e' | 'r'; key: string; keyHash: string; hash: string; seq: number };

/** How many batches are read ahead while the keys of the previous ones are written. */
const READ_AHEAD = 4;

/**
 * Records the keys of every batch the job holds as `:_SyncStagedKey` nodes, which the DIFF
 * delete steps, their counts (delete guard, preview) and ignoreDuplicates' "last one wins" read
 * (decision 0050). Uploads do not write them: an upload finds its duplicates in the process's
 * UploadKeyIndex, so no upload request writes a node per object. Staged here in chunks of
 * `chunkSize` rows, batches read ahead while Neo4j writes; only the batches after the job's
 * `keysStagedSeq` (a resumed run, or a preview before this finalize, staged the others). Each
 * chunk is safe to repeat and to run in any order (sync/stage-keys keeps a key's latest batch).
 * Returns the job with its new mark.
 */
export async function stageJobKeys(
  deps: { graph: GraphAccess; blobs: BlobStore; chunkSize: number },
  job: StoredJob,
): Promise<StoredJob> {
  const from = job.keysStagedSeq ?? 0;
  if (from >= job.batchSeq || !readsStagedKeys(job)) return job;
  const batches = (
    await deps.graph.read<{ seq: number; blobKey: string }>('sync/list-batches', {
      jobId: job.id,
    })
  ).filter((b) => b.seq > from && b.seq <= job.batchSeq);
  const loading: Array<Promise<KeyRow[]>> = [];
  const load = (i: number) => {
    const b = batches[i];
    if (b === undefined) return;
    const rowsOf = keyRows(deps.blobs, b);
    rowsOf.catch(() => undefined); // awaited in order below, where a failure surfaces
    loading[i] = rowsOf;
  };
  for (let i = 0; i < READ_AHEAD; i++) load(i);
  let rows: KeyRow[] = [];
  for (let i = 0; i < batches.length; i++) {
    load(i + READ_AHEAD);
    rows = rows.concat(await loading[i]!);
    if (rows.length >= deps.chunkSize) {
      await deps.graph.write('sync/stage-keys', { jobId: job.id, keys: rows });
      rows = [];
    }
  }
  if (rows.length > 0) await deps.graph.write('sync/stage-keys', { jobId: job.id, keys: rows });
  await deps.graph.write('sync/mark-keys-staged', {
    accountId: job.accountId,
    jobId: job.id,
    seq: job.batchSeq,
  });
  return { ...job, keysStagedSeq: job.batchSeq };
}

/**
 * Whether the job's finalization reads its staged keys: to delete what it did not receive (DIFF,
 * CROSS_SCOPE) or to let the last of several uploads of a key win (ignoreDuplicates). The other
 * jobs (PATCH, PUT, OVERRIDE without repeated keys) need none.
 */
function readsStagedKeys(job: StoredJob): boolean {
  const { deletesAbsent } = SYNC_MODES[job.syncMode];
  return (
    deletesAbsent.entities || deletesAbsent.relationships !== 'none' || job.crossBatchDuplicates
  );
}

async function keyRows(blobs: BlobStore, b: { seq: number; blobKey: string }): Promise<KeyRow[]> {
  const batch = await readBatch(blobs, b.blobKey);
  return [
    ...batch.entities.map((e) => ({
      kind: 'e' as const,
      ...stagedKeyRef(e),
      hash: entityHashOf(e),
      seq: b.seq,
    })),
    ...batch.relationships.map((r) => ({
      kind: 'r' as const,
      ...stagedKeyRef(r),
      hash: relationshipHashOf(r),
      seq: b.seq,
    })),
  ];
}
