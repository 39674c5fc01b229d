import type { BlobStore } from '../../blob/blob-store';
import type { Tx } from '../../graph/graph';
import { readBatch, stagedKeyRef } from './staging';
import { type BatchKeys, UploadKeyIndex } from './upload-key-index';

/**
 * The process's upload key index: one per process, whatever number of services it composes
 * (it is a cache checked against Neo4j on every use, so sharing it is always safe).
 */
export const processKeyIndex = new UploadKeyIndex();

/**
 * The keys of the batches this process is recording, by blob key: an upload that takes the job's
 * lock just after one of them committed (before its `recorded` ran) finds them here instead of
 * reading the batch back from staging.
 */
export const recording = new Map<string, Omit<BatchKeys, 'seq'>>();

/** Forgets a job's upload keys in this process (it left AWAITING_UPLOADS). */
export function forgetUploadKeys(jobId: string): void {
  processKeyIndex.forget(jobId);
}

export function keyIndexOf(deps: { keyIndex?: UploadKeyIndex }): UploadKeyIndex {
  return deps.keyIndex ?? processKeyIndex;
}

/**
 * The keys of the job's recorded batches after `afterSeq`, in order, read back from staging: what
 * the key index of this process has not seen (batches taken by another process, or before a
 * restart). Runs under the job's lock, so no batch is recorded meanwhile.
 */
export async function recordedKeys(
  deps: { blobs: BlobStore },
  tx: Tx,
  jobId: string,
  afterSeq: number,
): Promise<BatchKeys[]> {
  const batches = await tx.run<{ seq: number; blobKey: string }>('sync/list-batches', {
    jobId,
    afterSeq,
  });
  const out: BatchKeys[] = [];
  for (const b of batches) {
    const known = recording.get(b.blobKey);
    if (known !== undefined) {
      out.push({ seq: b.seq, entities: known.entities, relationships: known.relationships });
      continue;
    }
    const batch = await readBatch(deps.blobs, b.blobKey);
    out.push({
      seq: b.seq,
      entities: batch.entities.map(stagedKeyRef),
      relationships: batch.relationships.map(stagedKeyRef),
    });
  }
  return out;
}
