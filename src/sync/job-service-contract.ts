import type { SyncJob } from './job-types';

/**
 * What the HTTP adapters need from the sync job service. Inputs are plain objects built from the
 * request; bodies are passed as parsed JSON (`unknown`) and validated by the service, so every
 * rule and message lives in src/sync, not in handlers.
 */
export interface JobEvent {
  id: string;
  createDate: number;
  name: string;
  description: string;
}

export interface JobRef {
  accountId: string;
  jobId: string;
}

export interface UploadRequest extends JobRef {
  route: 'upload' | 'entities' | 'relationships';
  /** The parsed request body. */
  body: unknown;
  /** `JupiterOne-Correlation-Id`: a retried batch with the same id is not staged twice. */
  correlationId: string | undefined;
  /** `?ignoreDuplicates=true` (or the job's own flag). */
  ignoreDuplicates: boolean;
  /** `?ignoreIllegalProperties=true`: drop illegal properties instead of rejecting. */
  ignoreIllegalProperties: boolean;
}

export interface SyncJobApi {
  start(input: { accountId: string; body: unknown }): Promise<SyncJob>;
  get(ref: JobRef): Promise<SyncJob>;
  upload(input: UploadRequest): Promise<SyncJob>;
  /** Local mode: applies and answers FINISHED. Queue mode: enqueues and answers FINALIZE_PENDING. */
  finalize(input: JobRef & { body: unknown }): Promise<SyncJob>;
  abort(input: JobRef & { body: unknown }): Promise<SyncJob>;
  addEvents(input: JobRef & { body: unknown }): Promise<JobEvent[]>;
  listEvents(ref: JobRef): Promise<JobEvent[]>;
}
