import {
  type BulkFileInfo,
  FINAL_STATUSES,
  JOB_COUNTERS,
  type JobCounters,
  type JobObjectError,
  type JobStatus,
  type SdkAbortStatus,
  type SyncJob,
} from './job-types';
import { isFinalizePhase, percentOf, type PhaseProgress, readPhases } from './job-progress';

/**
 * A sync job as its :_SyncJob node holds it, and the mapping between the node's properties and the
 * SyncJob resource. Internal bookkeeping (batch sequence, duplicate flag) stays on the node and out
 * of the resource.
 */
export interface StoredJob extends SyncJob {
  batchSeq: number;
  crossBatchDuplicates: boolean;
  /** How many finalization runs of this job have started: the current run's fencing token. */
  finalizeRuns: number;
  /** The job's place in its scope's finalize order (set when its finalize is accepted). */
  finalizeSeq?: number;
  /** How far the current finalization got (JSON, finalize-progress.ts), while one is under way. */
  finalizeCheckpoint?: string;
  /** Until when the job's current bulk upload URL is valid (epoch ms), once one was issued. */
  bulkUploadUrlExpiresAt?: number;
  /** Where the bulk file is in the blob store, once it was received. */
  bulkFileKey?: string;
  /** S3 mode: the ETag of the bulk file as it was checked (finalize reads that version only). */
  bulkFileETag?: string;
  /** The phases of the latest finalization run, done and total (job-progress.ts). */
  finalizePhases?: PhaseProgress[];
  /** Finalized with `?allowDeletes=true`: its run skips the delete guard. */
  allowDeletes?: boolean;
}

/** A :_SyncJob node's properties, as a statement returns or sets them. */
export type JobNode = Record<string, unknown>;

export function zeroCounters(): JobCounters {
  return Object.fromEntries(JOB_COUNTERS.map((c) => [c, 0])) as JobCounters;
}

export function toJob(node: JobNode): StoredJob {
  const status = node.status as JobStatus;
  const job: StoredJob = {
    id: node.id as string,
    accountId: node.accountId as string,
    source: node.source as SyncJob['source'],
    syncMode: node.syncMode as SyncJob['syncMode'],
    status,
    done: FINAL_STATUSES.includes(status),
    startTimestamp: node.startTimestamp as number,
    ignoreDuplicates: node.ignoreDuplicates === true,
    ...(Object.fromEntries(JOB_COUNTERS.map((c) => [c, Number(node[c] ?? 0)])) as JobCounters),
    batchSeq: Number(node.batchSeq ?? 0),
    crossBatchDuplicates: node.crossBatchDuplicates === true,
    finalizeRuns: Number(node.finalizeRuns ?? 0),
  };
  for (const field of [
    'scope',
    'integrationInstanceId',
    'integrationJobId',
    'error',
    'abortReason',
  ] as const) {
    const v = node[field];
    if (typeof v === 'string') job[field] = v;
  }
  if (typeof node.terminalStatus === 'string') {
    job.terminalStatus = node.terminalStatus as SdkAbortStatus;
  }
  if (typeof node.endTimestamp === 'number') job.endTimestamp = node.endTimestamp;
  if (typeof node.finalizeSeq === 'number') job.finalizeSeq = node.finalizeSeq;
  if (typeof node.finalizeCheckpoint === 'string') job.finalizeCheckpoint = node.finalizeCheckpoint;
  if (Array.isArray(node.partialDatasetTypes))
    job.partialDatasetTypes = node.partialDatasetTypes as string[];
  if (typeof node.errorsJson === 'string')
    job.errors = JSON.parse(node.errorsJson) as JobObjectError[];
  if (typeof node.bulkUploadUrlExpiresAt === 'number')
    job.bulkUploadUrlExpiresAt = node.bulkUploadUrlExpiresAt;
  if (typeof node.bulkFileKey === 'string') {
    job.bulkFileKey = node.bulkFileKey;
    job.bulkFile = bulkFileOf(node);
    if (typeof node.bulkFileETag === 'string') job.bulkFileETag = node.bulkFileETag;
  }
  withDeleteGuard(job, node);
  withProgress(job, node);
  return job;
}

/** The job's own delete guard limit, and what the guard did (decision 0044). */
function withDeleteGuard(job: StoredJob, node: JobNode): void {
  if (node.allowDeletes === true) job.allowDeletes = true;
  if (typeof node.deleteGuardPercent === 'number') job.deleteGuardPercent = node.deleteGuardPercent;
  if (typeof node.deleteGuardJson === 'string' && typeof node.deleteGuardState === 'string') {
    job.deleteGuard = {
      ...(JSON.parse(node.deleteGuardJson) as NonNullable<SyncJob['deleteGuard']>),
      state: node.deleteGuardState as NonNullable<SyncJob['deleteGuard']>['state'],
    };
  }
}

/** The finalization's phases; while FINALIZE_PENDING, its current phase and percent. */
function withProgress(job: StoredJob, node: JobNode): void {
  const phases = readPhases(node.finalizePhases);
  if (phases !== undefined) job.finalizePhases = phases;
  if (job.status !== 'FINALIZE_PENDING') return;
  const phase = isFinalizePhase(node.finalizePhase) ? node.finalizePhase : undefined;
  if (phase !== undefined) job.phase = phase;
  job.percent = percentOf(phase, phases ?? []);
}

function bulkFileOf(node: JobNode): BulkFileInfo {
  const file: BulkFileInfo = {
    size: Number(node.bulkFileSize ?? 0),
    uploadedAt: Number(node.bulkFileUploadedAt ?? 0),
  };
  if (typeof node.bulkFileContentType === 'string') file.contentType = node.bulkFileContentType;
  if (typeof node.bulkFileContentEncoding === 'string')
    file.contentEncoding = node.bulkFileContentEncoding as BulkFileInfo['contentEncoding'];
  if (typeof node.bulkFileName === 'string') file.fileName = node.bulkFileName;
  return file;
}

/** The resource as the API shows it (bookkeeping fields removed). */
export function publicJob(job: StoredJob): SyncJob {
  const rest: Partial<StoredJob> = { ...job };
  delete rest.batchSeq;
  delete rest.crossBatchDuplicates;
  delete rest.finalizeRuns;
  delete rest.finalizeSeq;
  delete rest.finalizeCheckpoint;
  delete rest.bulkUploadUrlExpiresAt;
  delete rest.bulkFileKey;
  delete rest.bulkFileETag;
  delete rest.finalizePhases;
  delete rest.allowDeletes;
  return rest as SyncJob;
}
