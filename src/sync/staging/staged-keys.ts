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
 * (decision 0050). An upload stages its batch's keys itself, after its transaction committed
 * and outside the job's lock (stageUploadedKeys); this stages the batches that are not marked
 * staged (that step failed, or the process stopped first), before the finalize or the preview
 * reads them. Batches are read ahead, grouped whole into chunks of about `chunkSize` rows, written
 * one after another; each chunk marks its batches staged in its own transaction, and is
 * safe to repeat and to run in any order (sync/stage-keys keeps a key's latest batch).
 */
export async function stageJobKeys(
  deps: { graph: GraphAccess; blobs: BlobStore; chunkSize: number },
  job: StoredJob,
): Promise<void> {
  if (!readsStagedKeys(job)) return;
  const batches = (
    await deps.graph.read<{ seq: number; blobKey: string; keysStaged: boolean }>(
      'sync/list-batches',
      { jobId: job.id },
    )
  ).filter((b) => !b.keysStaged);
  const loading: Array<Promise<KeyRow[]>> = [];
  const load = (i: number) => {
    const b = batches[i];
    if (b === undefined) return;
    const rowsOf = keyRows(deps.blobs, b);
    rowsOf.catch(() => undefined); // awaited in order below, where a failure surfaces
    loading[i] = rowsOf;
  };
  for (let i = 0; i < READ_AHEAD; i++) load(i);
  // One write at a time: in a finalization each write takes the job's lock (the fence), so a
  // second one in flight would only wait, its transaction's time running.
  const write = (keys: KeyRow[], seqs: number[]) =>
    deps.graph.write('sync/stage-keys', { jobId: job.id, keys, seqs });
  let rows: KeyRow[] = [];
  let seqs: number[] = [];
  for (let i = 0; i < batches.length; i++) {
    load(i + READ_AHEAD);
    const batchRows = await loading[i]!;
    if (batchRows.length > deps.chunkSize) {
      if (seqs.length > 0) await write(rows, seqs);
      [rows, seqs] = [[], []];
      await writeInChunks(write, batchRows, batches[i]!.seq, deps.chunkSize);
      continue;
    }
    rows = rows.concat(batchRows);
    seqs.push(batches[i]!.seq);
    if (rows.length >= deps.chunkSize) {
      await write(rows, seqs);
      [rows, seqs] = [[], []];
    }
  }
  if (seqs.length > 0) await write(rows, seqs);
}

/** Rows a single write of an upload's keys holds at most (a bulk file may hold a million). */
const UPLOAD_CHUNK = 5000;

/**
 * One batch's keys in chunks, one after another, the batch marked staged by the last: a batch is
 * never marked before all its keys are written (a bulk file can be far larger than a chunk).
 */
async function writeInChunks(
  write: (keys: KeyRow[], seqs: number[]) => Promise<unknown>,
  rows: KeyRow[],
  seq: number,
  chunkSize: number,
): Promise<void> {
  for (let from = 0; from < rows.length || from === 0; from += chunkSize) {
    const last = from + chunkSize >= rows.length;
    await write(rows.slice(from, from + chunkSize), last ? [seq] : []);
  }
}

/**
 * An upload's own staging of its batch's keys, once its transaction committed: outside the job's
 * lock, so uploads of one job do not wait for each other's key writes. A failure here loses
 * nothing (the batch is recorded, and stays marked unstaged): the finalize stages it.
 */
export async function stageUploadedKeys(
  graph: GraphAccess,
  job: StoredJob,
  seq: number,
  keys: { entities: StagedKeyRow[]; relationships: StagedKeyRow[] },
): Promise<void> {
  if (!readsStagedKeys(job)) return;
  const row = (kind: 'e' | 'r') => (k: StagedKeyRow) => ({ kind, ...k, seq });
  await writeInChunks(
    (rows, seqs) => graph.write('sync/stage-keys', { jobId: job.id, keys: rows, seqs }),
    [...keys.entities.map(row('e')), ...keys.relationships.map(row('r'))],
    seq,
    UPLOAD_CHUNK,
  );
}

/** A key with its digest and content hash, as an upload has it. */
type StagedKeyRow = { key: string; keyHash: string; hash: string };

/**
 * Whether the job's finalization reads its staged keys: to delete what it did not receive (DIFF,
 * CROSS_SCOPE) or to let the last of several uploads of a key win (ignoreDuplicates). The other
 * jobs (PATCH, PUT, OVERRIDE without repeated keys) need none.
 */
export function readsStagedKeys(
  job: Pick<StoredJob, 'syncMode' | 'crossBatchDuplicates'>,
): boolean {
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
