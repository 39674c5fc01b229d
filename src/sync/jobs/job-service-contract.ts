import type { components } from '../../generated/openapi';
import type { BulkFileInfo, SyncJob } from './job-types';
import type { JobPage, ListJobsInput } from './job-listing';
import type { UploadFormat } from '../intake/upload-formats';

/**
 * What the HTTP adapters need from the sync job service. Inputs are plain objects built from the
 * request; bodies are passed as parsed JSON (`unknown`) and validated by the service, so every
 * rule and message lives in src/sync, not in handlers.
 */

/** A job event as the API answers it (openapi.yaml's JobEvent). */
export type JobEvent = components['schemas']['JobEvent'];

export interface JobRef {
  accountId: string;
  jobId: string;
}

export interface UploadRequest extends JobRef {
  route: 'upload' | 'entities' | 'relationships';
  /** The request body: parsed when `format` is `json`, the text when it is `csv` or `yaml`. */
  body: unknown;
  /** The body's format, from its Content-Type. */
  format: UploadFormat;
  /** `JupiterOne-Correlation-Id`: a retried batch with the same id is not staged twice. */
  correlationId: string | undefined;
  /** `?ignoreDuplicates=true` (or the job's own flag). */
  ignoreDuplicates: boolean;
  /** `?ignoreIllegalProperties=true`: drop illegal properties instead of rejecting. */
  ignoreIllegalProperties: boolean;
}

/**
 * A finalize. `allowDeletes` (`?allowDeletes=true`): without the delete guard, or forcing a job
 * it stopped, by the caller it names (recorded in the audit trail).
 */
export interface FinalizeRequest extends JobRef {
  body: unknown;
  allowDeletes?: { keyId: string; keyName: string | null; requestId: string | null };
}

/** The answer of POST .../finalize/preview (openapi.yaml's FinalizePreview). */
export type FinalizePreview = components['schemas']['FinalizePreview'];

/** The safe-sync operations (docs/guide/safe-sync.md): finalize preview, delete guard. */
export interface SafeSyncApi {
  /** What finalizing the job now would do, written nowhere (finalize-preview.ts). */
  preview(input: JobRef & { body: unknown }): Promise<FinalizePreview>;
  /** The account's delete guard percent (null: off). */
  deleteGuard(accountId: string): Promise<number | null>;
  setDeleteGuard(input: { accountId: string; percent: unknown }): Promise<number | null>;
}

export interface SyncJobApi {
  start(input: { accountId: string; body: unknown }): Promise<SyncJob>;
  get(ref: JobRef): Promise<SyncJob>;
  /** The account's jobs, newest first, one keyset page (job-listing.ts). */
  list(input: ListJobsInput): Promise<JobPage>;
  upload(input: UploadRequest): Promise<SyncJob>;
  /** Local mode: applies and answers FINISHED. Queue mode: enqueues and answers FINALIZE_PENDING. */
  finalize(input: FinalizeRequest): Promise<SyncJob>;
  abort(input: JobRef & { body: unknown }): Promise<SyncJob>;
  addEvents(input: JobRef & { body: unknown }): Promise<JobEvent[]>;
  listEvents(ref: JobRef): Promise<JobEvent[]>;
}

/** A job's bulk upload URL (docs/guide/sync-jobs.md, "The bulk upload URL"), as answered. */
export type BulkUploadUrl = components['schemas']['BulkUploadUrlResponse'];

/** A PUT of a bulk file to its signed URL: the URL's parts, the headers that matter, the body. */
export interface BulkFilePut {
  jobId: string;
  /** The URL's query parameters, as received (the signature covers them). */
  accountId: string;
  expiresAt: string;
  signature: string;
  contentType: string | undefined;
  contentEncoding: string | undefined;
  contentDisposition: string | undefined;
  contentLength: string | undefined;
  /** The request body, streamed. */
  body: AsyncIterable<Buffer>;
}

export interface BulkUploadApi {
  /** The job's bulk upload URL: the same one until it expires, then a new one. */
  issueUrl(ref: JobRef): Promise<BulkUploadUrl>;
  /** Takes the job's one bulk file, stored as sent; it is validated and applied at finalize. */
  receive(input: BulkFilePut): Promise<BulkFileInfo>;
}
