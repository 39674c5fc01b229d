import { BlobChangedError, type BlobStore } from '../../blob/blob-store';
import {
  ConflictError,
  DataRejectedError,
  NotFoundError,
  UnavailableError,
  ValidationError,
} from '../../errors/app-error';
import type { Graph } from '../../graph/graph';
import { stageBatch } from './batch-staging';
import { FencedOutError } from '../finalize/finalize-fence';
import { bulkFileFormat, decodeBulkFile } from './bulk-file-content';
import type { ValidatedBatch } from '../jobs/job-types';
import type { JobStore } from '../jobs/job-store';
import type { StoredJob } from '../jobs/stored-job';
import { locateError, type ParsedUpload, readUpload } from '../intake/upload-formats';
import { validateUpload } from '../intake/upload-validation';

/** The correlation id the bulk file is staged under: a finalize re-run finds it staged. */
export const BULK_FILE_CORRELATION_ID = 'bulk-file';

/**
 * What finalize may decompress, whatever the upload limit: the file is parsed whole, and a
 * JavaScript string holds at most ~512 MiB. (Files PUT to graphsync are held to the lower
 * BULK_UPLOAD_MAX_SIZE when they arrive.)
 */
const MAX_DECODED_BYTES = 500 * 1024 ** 2;

/**
 * The finalize step for a job's bulk file, run before the entity pass: the stored file is read,
 * decompressed, parsed per its format (formatOf on its Content-Type or file name), validated as
 * one upload of the job (its mode and flags, the same messages as an upload)
 * and staged after the job's batches, like one more batch: duplicate keys across batches and the
 * OVERRIDE cap apply to it. A file that cannot be read back is retried (UnavailableError); a file
 * that breaks a rule makes the job FAILED with the reason (DataRejectedError). Returns the job
 * as staging left it (counters, duplicate flag).
 */
export async function stageBulkFile(
  deps: { graph: Graph; blobs: BlobStore; jobs: JobStore; now?: () => number; run: number },
  job: StoredJob,
): Promise<StoredJob> {
  if (job.bulkFileKey === undefined) return job;
  const ref = { accountId: job.accountId, jobId: job.id };
  const staged = await deps.graph.read('sync/find-batch-by-correlation', {
    jobId: job.id,
    correlationId: BULK_FILE_CORRELATION_ID,
  });
  if (staged.length > 0) return job; // an earlier run of this finalize staged it
  const batch = await readBulkFile(deps.blobs, job, job.bulkFileKey);
  try {
    return await stageBatch({ ...deps, now: deps.now ?? Date.now }, ref, batch, {
      ignoreDuplicates: job.ignoreDuplicates,
      correlationId: BULK_FILE_CORRELATION_ID,
      checkJob: (locked) => {
        requireFinalizePending(locked);
        // Staged under the job's lock by the job's current run only (a stalled one stops here).
        if (locked.finalizeRuns !== deps.run) throw new FencedOutError(job.id, deps.run);
      },
    });
  } catch (err) {
    throw err instanceof ValidationError ? new DataRejectedError(err.message) : err;
  }
}

async function readBulkFile(
  blobs: BlobStore,
  job: StoredJob,
  key: string,
): Promise<ValidatedBatch> {
  const meta = job.bulkFile ?? { size: 0, uploadedAt: 0 };
  // The file as it was checked and recorded, no other: a PUT to a presigned URL can replace the
  // object until the URL expires, and nothing larger than the recorded size is buffered.
  const expected = {
    maxBytes: meta.size,
    ...(job.bulkFileETag === undefined ? {} : { etag: job.bulkFileETag }),
  };
  const stored = await blobs.getExpected(key, expected).catch((err: unknown) => {
    if (err instanceof BlobChangedError) throw changedFile(err, meta.size);
    throw err instanceof NotFoundError
      ? new UnavailableError(`The bulk file ${key} is missing from the blob store`, err)
      : err;
  });
  const format = bulkFileFormat(meta);
  if (format === undefined) {
    throw new DataRejectedError(
      `The bulk file's format is unknown (Content-Type '${meta.contentType ?? '(none)'}')`,
    );
  }
  const bytes = await decodeBulkFile(stored, meta.contentEncoding, MAX_DECODED_BYTES);
  let upload: ParsedUpload;
  try {
    upload = await readUpload(bytes, format);
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    throw new DataRejectedError(
      `The bulk file could not be parsed as ${format.toUpperCase()}: ${err.message}`,
    );
  }
  try {
    return validateUpload(upload.body, {
      syncMode: job.syncMode,
      scope: job.scope,
      ignoreDuplicates: job.ignoreDuplicates,
      ignoreIllegalProperties: false,
      route: 'upload',
    });
  } catch (err) {
    // The same message as the upload would have had (a CSV one names the line).
    const located = locateError(err, upload);
    throw located instanceof ValidationError ? new DataRejectedError(located.message) : located;
  }
}

/** FAILED, as a file refused at finalize: what changed, and that nothing of it was applied. */
function changedFile(err: BlobChangedError, size: number): DataRejectedError {
  return new DataRejectedError(
    (err.reason === 'replaced'
      ? 'The bulk file was replaced after graphsync checked it'
      : `The bulk file is longer than the ${size} bytes it had when graphsync checked it`) +
      ' (a PUT to the upload URL after finalize or after the URL was asked for again), so none ' +
      'of it was applied: upload the new file with a new sync job',
  );
}

function requireFinalizePending(job: StoredJob): void {
  if (job.status !== 'FINALIZE_PENDING') {
    throw new ConflictError(
      `Sync job '${job.id}' is ${job.status}: its bulk file is staged only while FINALIZE_PENDING`,
    );
  }
}
