import type { PresignedPut } from '../../blob/blob-store';
import type { BulkFileRecord } from '../jobs/job-store';
import { bulkFileMetaOf, tooLarge } from './bulk-file-content';
import {
  BULK_UPLOAD_URL_LIFETIME_MS,
  type BulkUploadTarget,
  type BulkUploadUrls,
} from './bulk-upload-urls';
import { bulkFileBlobKey } from './staging';

/** The upload id of the one object a presigned URL PUTs (`staging/<account>/<job>/bulk-s3`). */
const PRESIGNED_UPLOAD_ID = 's3';

/**
 * Bulk upload URLs in S3 mode (decision 0038): a presigned PUT of one object per job, in the job's
 * staging folder so that clean-up takes it. The client's PUT goes to the bucket, not to graphsync,
 * so graphsync learns of the file by looking: when the URL is asked for again and when the job is
 * finalized, the object's size and headers (Content-Type, Content-Encoding, Content-Disposition,
 * kept by S3 as sent) are checked like a PUT to graphsync's own URL and recorded on the job.
 *
 * The same URL until it expires: the URL is signed as of (expiry - 1 hour) for 1 hour, both kept
 * on the job, so every ask within the hour signs the same request at the same time.
 */
export class PresignedUploadUrls implements BulkUploadUrls {
  constructor(
    private readonly store: PresignedPut,
    private readonly maxBytes: number,
  ) {}

  issue(target: BulkUploadTarget): Promise<string> {
    return this.store.presignPut(keyOf(target), {
      signedAt: target.expiresAt - BULK_UPLOAD_URL_LIFETIME_MS,
      lifetimeMs: BULK_UPLOAD_URL_LIFETIME_MS,
    });
  }

  /**
   * The file PUT to the job's URL, as the job records it; undefined while there is none. Rejects
   * as a PUT to graphsync would have: 415 for a format or encoding it cannot tell, 413 over the
   * size limit.
   */
  async find(ref: { accountId: string; jobId: string }): Promise<BulkFileRecord | undefined> {
    const key = keyOf(ref);
    const info = await this.store.head(key);
    if (info === undefined) return undefined;
    const meta = bulkFileMetaOf(info, {
      format: 'the format of the file PUT to the bulk upload URL from its',
      retry: 'PUT it again with',
    });
    if (info.size > this.maxBytes) throw tooLarge(this.maxBytes);
    return {
      key,
      ...meta,
      size: info.size,
      uploadedAt: info.lastModified,
      // Finalize reads this version only: a PUT after this check does not replace what it applies.
      ...(info.etag === undefined ? {} : { etag: info.etag }),
    };
  }
}

function keyOf(ref: { accountId: string; jobId: string }): string {
  return bulkFileBlobKey(ref.accountId, ref.jobId, PRESIGNED_UPLOAD_ID);
}
