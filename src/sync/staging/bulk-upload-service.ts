import { randomUUID } from 'node:crypto';
import type { BlobStore } from '../../blob/blob-store';
import { AppError, ConflictError, ForbiddenError } from '../../errors/app-error';
import { bulkFileMetaOf, checkedBulkFile, tooLarge } from './bulk-file-content';
import { BULK_UPLOAD_URL_LIFETIME_MS, type BulkUploadTarget } from './bulk-upload-urls';
import type {
  BulkFilePut,
  BulkUploadApi,
  BulkUploadUrl,
  JobRef,
} from '../jobs/job-service-contract';
import type { BulkFileInfo } from '../jobs/job-types';
import type { JobStore } from '../jobs/job-store';
import type { StoredJob } from '../jobs/stored-job';
import type { PresignedUploadUrls } from './bulk-upload-presigned';
import type { SignedUploadUrls } from './signed-upload-urls';
import { bulkFileBlobKey } from './staging';
import { requireAwaitingUploads } from '../jobs/sync-job-service';

/**
 * The bulk upload URL of a job and the file PUT to it (docs/guide/sync-jobs.md, "The bulk upload
 * URL"). The URL is issued to the job's account and stays the same until it expires (1 hour); the
 * PUT needs no API key, the URL's signature is the credential. One file per job: it is stored as
 * sent (still compressed if it was) and only validated and applied at finalize (bulk-file.ts).
 */
export interface BulkUploadServiceDeps {
  jobs: JobStore;
  blobs: BlobStore;
  urls: SignedUploadUrls;
  /** S3 mode: the URLs handed out are presigned PUTs into the bucket (decision 0038). */
  presigned?: PresignedUploadUrls;
  /** Largest file, as sent and decompressed (BULK_UPLOAD_MAX_SIZE). */
  maxBytes: number;
  now?: () => number;
}

export class BulkUploadService implements BulkUploadApi {
  private readonly now: () => number;

  constructor(private readonly deps: BulkUploadServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  async issueUrl(ref: JobRef): Promise<BulkUploadUrl> {
    // S3 mode: a file already PUT to the URL makes this a 409, as it does in fs mode. One the
    // rules refuse is not recorded: the URL is handed out again, to PUT it anew.
    await this.collect(ref).catch((err: unknown) => {
      if (!(err instanceof AppError) || err instanceof ConflictError) throw err;
    });
    const now = this.now();
    const job = await this.deps.jobs.issueBulkUploadUrl(ref, {
      now,
      expiresAt: now + BULK_UPLOAD_URL_LIFETIME_MS,
    });
    if (job?.bulkUploadUrlExpiresAt === undefined) {
      rejectUpload(await this.deps.jobs.get(ref));
      throw new Error('unreachable: job moved concurrently');
    }
    const expiresAt = job.bulkUploadUrlExpiresAt;
    const urls = this.deps.presigned ?? this.deps.urls;
    return { uploadUrl: await urls.issue({ ...ref, expiresAt }), expiresAt };
  }

  /**
   * S3 mode: records the file PUT to the job's presigned URL on the job (once; before finalize
   * reads it), or rejects as a PUT to graphsync would have (415, 413). Nothing in fs mode, nor
   * when the job has its file or does not await uploads (the caller's own checks say so).
   */
  async collect(ref: JobRef): Promise<void> {
    if (this.deps.presigned === undefined) return;
    const job = await this.deps.jobs.get(ref);
    if (job.status !== 'AWAITING_UPLOADS' || job.bulkFileKey !== undefined) return;
    const file = await this.deps.presigned.find(ref);
    if (file !== undefined) await this.deps.jobs.recordBulkFile(ref, file);
  }

  /**
   * Checks, in order: the URL (403), the job (404, 409), the format and encoding (415), the
   * announced size (413); then streams the body to the blob store, checking its size and
   * compression on the way (413, 400), and records it on the job unless another file or a
   * finalize got there first (409; the bytes are then discarded).
   */
  async receive(input: BulkFilePut): Promise<BulkFileInfo> {
    const target = this.verified(input);
    const job = await this.deps.jobs.get(target);
    rejectUpload(job);
    const meta = bulkFileMetaOf(input, { format: "the bulk file's format from", retry: 'send' });
    if (Number(input.contentLength ?? 0) > this.deps.maxBytes) throw tooLarge(this.deps.maxBytes);

    const ref: JobRef = { accountId: target.accountId, jobId: target.jobId };
    const key = bulkFileBlobKey(ref.accountId, ref.jobId, randomUUID());
    let size = 0;
    await this.deps.blobs.putStream(
      key,
      checkedBulkFile(input.body, {
        encoding: meta.contentEncoding,
        maxBytes: this.deps.maxBytes,
        stored: (bytes) => (size += bytes),
      }),
    );
    const file: BulkFileInfo = { ...meta, size, uploadedAt: this.now() };
    const recorded = await this.deps.jobs
      .recordBulkFile(ref, { key, ...file })
      .catch(async (err: unknown) => {
        await this.deps.blobs.deletePrefix(key);
        throw err;
      });
    if (recorded?.bulkFile === undefined) {
      await this.deps.blobs.deletePrefix(key);
      rejectUpload(await this.deps.jobs.get(ref));
      throw new Error('unreachable: job moved concurrently');
    }
    return recorded.bulkFile;
  }

  /** The URL's target, if its signature is ours and it has not expired; else 403. */
  private verified(input: BulkFilePut): BulkUploadTarget {
    const invalid = () =>
      new ForbiddenError(
        'The upload URL is not valid: use the URL exactly as getSyncJobUploadUrl returned it',
        'INVALID_UPLOAD_URL',
      );
    // Only the form this service writes: another spelling of the same number is a changed URL.
    if (!/^[1-9]\d{0,14}$/.test(input.expiresAt)) throw invalid();
    const target = {
      accountId: input.accountId,
      jobId: input.jobId,
      expiresAt: Number(input.expiresAt),
    };
    if (!this.deps.urls.verify(target, input.signature)) throw invalid();
    if (target.expiresAt <= this.now()) {
      throw new ForbiddenError(
        `The upload URL expired at ${new Date(target.expiresAt).toISOString()}: ask for a new one`,
        'INVALID_UPLOAD_URL',
      );
    }
    return target;
  }
}

/** 409 unless the job awaits uploads and has no bulk file yet. */
function rejectUpload(job: StoredJob): void {
  requireAwaitingUploads(job);
  if (job.bulkFileKey !== undefined) {
    throw new ConflictError(
      `Sync job '${job.id}' already has its bulk file: only one bulk upload is allowed per job`,
      'BULK_FILE_ALREADY_UPLOADED',
    );
  }
}
