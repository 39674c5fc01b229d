import { gunzipSync, gzipSync } from 'node:zlib';
import { accountSegment, type BlobStore, blobKey } from '../../blob/blob-store';
import { DataRejectedError, NotFoundError, UnavailableError } from '../../errors/app-error';
import { keyHash } from '../../graph/key-hash';
import type { ValidatedBatch } from '../jobs/job-types';
import { rememberHash } from '../finalize/content-hash';

/**
 * How uploads are staged in the blob store: one gzipped JSON document per accepted batch, under
 * the job's folder, read back one at a time at finalize (memory stays flat however many batches).
 */
export function jobStagingPrefix(accountId: string, jobId: string): string {
  return blobKey('staging', accountSegment(accountId), jobId);
}

/**
 * Where one batch is kept: a name of its own (`batch-<id>.json.gz`), written before the upload
 * takes the job's lock; the batch's record (`_SyncBatch`) gives its place in the job.
 */
export function batchBlobKey(accountId: string, jobId: string, id: string): string {
  return blobKey('staging', accountSegment(accountId), jobId, `batch-${id}.json.gz`);
}

/** Where one received bulk file is kept: in the job's folder, so that clean-up takes it too. */
export function bulkFileBlobKey(accountId: string, jobId: string, uploadId: string): string {
  return blobKey('staging', accountSegment(accountId), jobId, `bulk-${uploadId}`);
}

/** Each object's content hash, in the batch's order (kept so the finalize need not hash again). */
export interface BatchHashes {
  e: string[];
  r: string[];
}

export async function writeBatch(
  blobs: BlobStore,
  key: string,
  batch: ValidatedBatch,
  hashes: BatchHashes,
): Promise<void> {
  const stored: StoredBatch = { ...batch, hashes };
  await blobs.put(key, gzipSync(JSON.stringify(stored), { level: 1 }));
}

/** A staged batch as stored; batches staged before hashes were kept have none. */
type StoredBatch = ValidatedBatch & { hashes?: BatchHashes };

/**
 * A batch that cannot be read (missing blob, store down) may be there on a retry; one that is
 * there but does not decode never will be, so it rejects the job (FAILED) instead of retrying.
 */
export async function readBatch(blobs: BlobStore, key: string): Promise<ValidatedBatch> {
  const stored = await blobs.get(key).catch((err: unknown) => {
    // A shared volume or an object store may show it again later: worth another attempt.
    throw err instanceof NotFoundError
      ? new UnavailableError(`Staged batch ${key} is missing from the blob store`, err)
      : err;
  });
  let batch: StoredBatch;
  try {
    batch = JSON.parse(gunzipSync(stored).toString('utf8')) as StoredBatch;
  } catch (err) {
    throw new DataRejectedError(
      `Staged batch ${key} is corrupt and cannot be applied (${err instanceof Error ? err.message : String(err)})`,
    );
  }
  const { hashes, ...content } = batch;
  if (hashes !== undefined) {
    content.entities.forEach((e, i) => rememberKept(e, hashes.e[i]));
    content.relationships.forEach((r, i) => rememberKept(r, hashes.r[i]));
  }
  return content;
}

function rememberKept(object: object, hash: string | undefined): void {
  if (typeof hash === 'string') rememberHash(object, hash);
}

/** The staged-key identity of an object (PATCH entities without `_key` use their `_id`). */
export function stagedKeyOf(o: { key?: string; id?: string }): string {
  return o.key ?? `#id:${o.id ?? ''}`;
}

/** A staged key as the statements look it up: with its digest, which the index holds (decision 0035). */
export function stagedKeyRef(o: { key?: string; id?: string }): { key: string; keyHash: string } {
  const key = stagedKeyOf(o);
  return { key, keyHash: keyHash(key) };
}
