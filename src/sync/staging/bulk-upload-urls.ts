/**
 * The bulk upload URL (docs/guide/sync-jobs.md, "The bulk upload URL"): a URL that takes one job's
 * file with HTTP PUT for one hour. Two implementations fit this interface: SignedUploadUrls (URLs
 * served by graphsync itself, HMAC-signed) and, for S3 storage, presigned PUT URLs of the object
 * the file lands in. Either way the file ends up in the blob store and finalize reads it by the key
 * recorded on the job (docs/decisions/0010-bulk-upload-url.md).
 */
export const BULK_UPLOAD_URL_LIFETIME_MS = 60 * 60 * 1000;

/** Which job's file a URL takes, and until when (epoch ms). */
export interface BulkUploadTarget {
  accountId: string;
  jobId: string;
  expiresAt: number;
}

export interface BulkUploadUrls {
  /** The URL for the target. The same target gives the same URL. */
  issue(target: BulkUploadTarget): string | Promise<string>;
}
