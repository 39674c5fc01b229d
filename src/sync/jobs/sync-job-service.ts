import type { AccountService } from '../../accounts/account-service';
import type { BlobStore } from '../../blob/blob-store';
import { ConflictError, ValidationError } from '../../errors/app-error';
import type { Graph } from '../../graph/graph';
import { stageBatch } from '../staging/batch-staging';
import { forgetUploadKeys } from '../staging/upload-keys';
import { BULK_FILE_CORRELATION_ID } from '../staging/bulk-file';
import type { FinalizeDispatcher } from '../finalize/finalize-dispatch';
import type { Logger } from 'pino';
import type { AuditRecorder } from '../../audit/audit-service';
import { reopenStoppedJob } from '../finalize/forced-finalize';
import type {
  FinalizeRequest,
  JobEvent,
  JobRef,
  SyncJobApi,
  UploadRequest,
} from './job-service-contract';
import type { JobStatus, SdkAbortStatus, SyncJob } from './job-types';
import { finalizeScopeKey } from '../finalize/finalize-order';
import { type JobStore, ownerField } from './job-store';
import { type JobPage, listJobs, type ListJobsInput } from './job-listing';
import { publicJob, type StoredJob } from './stored-job';
import { parseAbort, parseEvents, parseFinalize } from '../intake/request-bodies';
import { jobStagingPrefix } from '../staging/staging';
import { validateStart } from '../intake/start-validation';
import { locateError, readRequestBody } from '../intake/upload-formats';
import { validateUpload } from '../intake/upload-validation';

/**
 * The sync job lifecycle: start, stage uploads, finalize (through a dispatcher), abort, events.
 * Uploads are validated, written to the blob store and registered in one Neo4j transaction that
 * holds the job's lock: a batch is either staged and counted once, or not at all.
 */
export interface SyncJobServiceDeps {
  graph: Graph;
  blobs: BlobStore;
  jobs: JobStore;
  accounts: AccountService;
  dispatcher: FinalizeDispatcher;
  /** Finalizes forced past the delete guard are audited and logged (forced-finalize.ts). */
  forcing: { audit: AuditRecorder; logger: Logger };
  /** S3 mode: records a file PUT to the job's presigned bulk upload URL before finalize. */
  collectBulkFile?: (ref: JobRef) => Promise<void>;
  now?: () => number;
}

export class SyncJobService implements SyncJobApi {
  private readonly now: () => number;

  constructor(private readonly deps: SyncJobServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  async start(input: { accountId: string; body: unknown }): Promise<SyncJob> {
    const account = await this.deps.accounts.getAccount(input.accountId);
    const start = validateStart(input.body, account.features);
    return publicJob(await this.deps.jobs.create(input.accountId, start, this.now()));
  }

  async get(ref: JobRef): Promise<SyncJob> {
    return publicJob(await this.deps.jobs.get(ref));
  }

  list(input: ListJobsInput): Promise<JobPage> {
    return listJobs(this.deps.graph, input);
  }

  async upload(input: UploadRequest): Promise<SyncJob> {
    const ref = { accountId: input.accountId, jobId: input.jobId };
    const before = await this.deps.jobs.get(ref);
    requireAwaitingUploads(before);
    // The bulk file is staged under this id at finalize: a batch holding it would make finalize
    // take the file as staged already and skip it.
    if (input.correlationId === BULK_FILE_CORRELATION_ID)
      throw new ValidationError(
        `JupiterOne-Correlation-Id '${BULK_FILE_CORRELATION_ID}' is reserved for the job's bulk upload file: send this batch under another correlation id`,
      );
    const ignoreDuplicates = before.ignoreDuplicates || input.ignoreDuplicates;
    const upload = await readRequestBody(input.body, input.format);
    try {
      const batch = validateUpload(upload.body, {
        syncMode: before.syncMode,
        scope: before.scope,
        ignoreDuplicates,
        ignoreIllegalProperties: input.ignoreIllegalProperties,
        route: input.route,
      });
      const job = await stageBatch(
        { graph: this.deps.graph, blobs: this.deps.blobs, jobs: this.deps.jobs, now: this.now },
        ref,
        batch,
        {
          ignoreDuplicates,
          ...(input.correlationId === undefined ? {} : { correlationId: input.correlationId }),
          checkJob: requireAwaitingUploads,
        },
      );
      return publicJob(job);
    } catch (err) {
      // An error about one object of a CSV upload names its line.
      throw locateError(err, upload);
    }
  }

  async finalize(input: FinalizeRequest): Promise<SyncJob> {
    const ref = { accountId: input.accountId, jobId: input.jobId };
    const { partialDatasetTypes } = parseFinalize(input.body);
    const forced =
      input.allowDeletes === undefined
        ? undefined
        : await reopenStoppedJob(
            { ...this.deps.forcing, jobs: this.deps.jobs, owner: this.deps.dispatcher.owner },
            ref,
            input.allowDeletes,
          );
    if (forced !== undefined) return this.dispatch(ref, forced);
    await this.deps.collectBulkFile?.(ref);
    const job = await this.deps.jobs.get(ref);
    const accepted = await this.deps.jobs.acceptFinalize(ref, finalizeScopeKey(job), {
      partialDatasetTypes,
      ...(input.allowDeletes === undefined ? {} : { allowDeletes: true }),
      ...ownerField(this.deps.dispatcher.owner),
    });
    if (accepted === undefined) {
      requireAwaitingUploads(await this.deps.jobs.get(ref));
      throw new Error('unreachable: job moved concurrently');
    }
    forgetUploadKeys(ref.jobId); // no upload comes after (the bulk file is staged by the finalize)
    return this.dispatch(ref, accepted);
  }

  /** Hands an accepted finalize to the dispatcher; answers the job as it then is. */
  private async dispatch(ref: JobRef, accepted: StoredJob): Promise<SyncJob> {
    try {
      await this.deps.dispatcher.dispatch({ ...ref, seq: accepted.finalizeSeq ?? 0 });
    } catch (err) {
      // Nobody will finalize a job that never reached the queue: hand it back to the client, who
      // may finalize again once the queue is reachable. An enqueue that timed out may still have
      // reached a worker, though: once a run has started, the job stays pending and is finished.
      const handedBack = await this.deps.jobs.returnUnclaimedFinalize(ref);
      if (handedBack !== undefined) throw err;
    }
    return publicJob(await this.deps.jobs.get(ref));
  }

  async abort(input: JobRef & { body: unknown }): Promise<SyncJob> {
    const ref = { accountId: input.accountId, jobId: input.jobId };
    const { reason, status, sdkStatus } = parseAbort(input.body);
    const job = await this.abortJob(ref, status, reason, sdkStatus);
    return publicJob(job);
  }

  /**
   * Moves an AWAITING_UPLOADS job to a terminal status and discards its staged data. `sdkStatus`:
   * the integration SDK's status the client named (kept on the job as `terminalStatus`).
   */
  async abortJob(
    ref: JobRef,
    status: JobStatus,
    reason: string | undefined,
    sdkStatus?: SdkAbortStatus,
  ): Promise<StoredJob> {
    const moved = await this.deps.jobs.transition(ref, {
      from: ['AWAITING_UPLOADS'],
      to: status,
      set: {
        endTimestamp: this.now(),
        ...(reason === undefined ? {} : { abortReason: reason }),
        ...(sdkStatus === undefined ? {} : { terminalStatus: sdkStatus }),
        ...(status === 'ABORTED' ? {} : { error: reason ?? `Set to ${status} by the client` }),
      },
    });
    if (moved === undefined) {
      requireAwaitingUploads(await this.deps.jobs.get(ref));
      throw new Error('unreachable: job moved concurrently');
    }
    forgetUploadKeys(ref.jobId);
    await this.discardStaging(ref);
    return moved;
  }

  /** Deletes a job's staged data: its bookkeeping (batches, keys) and its staged files. */
  async discardStaging(ref: JobRef): Promise<void> {
    await this.deps.jobs.deleteStaging(ref.jobId);
    await this.deps.blobs.deletePrefix(jobStagingPrefix(ref.accountId, ref.jobId));
  }

  async addEvents(input: JobRef & { body: unknown }): Promise<JobEvent[]> {
    const ref = { accountId: input.accountId, jobId: input.jobId };
    const events = parseEvents(input.body);
    await this.deps.jobs.get(ref);
    return this.deps.jobs.addEvents(ref, events, this.now());
  }

  async listEvents(ref: JobRef): Promise<JobEvent[]> {
    await this.deps.jobs.get(ref);
    return this.deps.jobs.listEvents(ref.jobId);
  }
}

/** Uploads, finalize, abort and the bulk upload URL need a job that awaits uploads (else 409). */
export function requireAwaitingUploads(job: StoredJob): void {
  if (job.status !== 'AWAITING_UPLOADS') {
    throw new ConflictError(
      `Sync job '${job.id}' is ${job.status}: only a job in AWAITING_UPLOADS accepts uploads, finalize or abort`,
      'JOB_NOT_AWAITING_UPLOADS',
    );
  }
}
