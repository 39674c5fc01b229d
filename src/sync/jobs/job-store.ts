import { randomUUID } from 'node:crypto';
import { NotFoundError } from '../../errors/app-error';
import type { Graph, Tx } from '../../graph/graph';
import { countSyncJob } from '../../telemetry/metrics';
import { fencedGraph } from '../finalize/finalize-fence';
import type { JobEvent, JobRef } from './job-service-contract';
import type { BulkFileInfo, JobStatus, StartJobInput } from './job-types';
import { type JobNode, type StoredJob, toJob, zeroCounters } from './stored-job';

/** The bulk file as recorded on the job node when it is received. */
export interface BulkFileRecord extends BulkFileInfo {
  key: string;
  /** S3 mode: the ETag of the object that was checked; finalize reads that version only. */
  etag?: string;
}

/**
 * The statements that read and move sync jobs (:_SyncJob nodes; stored-job.ts maps a node to the
 * job), their batches and their events.
 */
export class JobStore {
  constructor(private readonly graph: Graph) {}

  async create(accountId: string, input: StartJobInput, now: number): Promise<StoredJob> {
    const props: JobNode = {
      id: randomUUID(),
      accountId,
      source: input.source,
      syncMode: input.syncMode,
      status: 'AWAITING_UPLOADS',
      startTimestamp: now,
      ignoreDuplicates: input.ignoreDuplicates,
      batchSeq: 0,
      ...zeroCounters(),
    };
    if (input.scope !== undefined) props.scope = input.scope;
    if (input.deleteGuardPercent !== undefined) props.deleteGuardPercent = input.deleteGuardPercent;
    if (input.integrationInstanceId !== undefined) {
      props.integrationInstanceId = input.integrationInstanceId;
      // Integration runs are identified by a job id of their own; clients that do not send one
      // get one, as the original service does.
      props.integrationJobId = input.integrationJobId ?? randomUUID();
    } else if (input.integrationJobId !== undefined) {
      props.integrationJobId = input.integrationJobId;
    }
    const [row] = await this.graph.write<{ job: JobNode }>('sync/create-job', { props });
    return counted(toJob(row!.job));
  }

  async get(ref: JobRef): Promise<StoredJob> {
    const [row] = await this.graph.read<{ job: JobNode }>('sync/get-job', { ...ref });
    if (row === undefined) throw new NotFoundError(`Sync job '${ref.jobId}' not found`);
    return toJob(row.job);
  }

  /** Inside a transaction: the job, write-locked until the transaction ends. */
  async lock(tx: Tx, ref: JobRef): Promise<StoredJob> {
    const [row] = await tx.run<{ job: JobNode }>('sync/lock-job', { ...ref });
    if (row === undefined) throw new NotFoundError(`Sync job '${ref.jobId}' not found`);
    return toJob(row.job);
  }

  /** Inside the upload transaction: registers a staged batch and grows the uploaded counters. */
  async addBatch(
    tx: Tx,
    batch: JobRef & {
      seq: number;
      correlationId: string | null;
      /** Digest of the batch's content, recorded with its correlation id (null without one). */
      contentHash: string | null;
      blobKey: string;
      /** The batch's key prints (src/sync/staging/batch-prints.ts), null for a large batch. */
      entityPrints: Int8Array | null;
      relationshipPrints: Int8Array | null;
      entities: number;
      relationships: number;
      addedEntities: number;
      addedRelationships: number;
      addedMapped: number;
      duplicates: boolean;
      now: number;
    },
  ): Promise<StoredJob> {
    const [row] = await tx.run<{ job: JobNode }>('sync/add-batch', { ...batch });
    if (row === undefined) throw new NotFoundError(`Sync job '${batch.jobId}' not found`);
    return toJob(row.job);
  }

  /**
   * Moves the job from one of `from` to `to`; undefined when it was in another status. With `run`,
   * only while that finalization run is the job's current one (else FencedOutError). A move to
   * FINISHED also records the job's change event (`:_ChangeEvent`) in the same transaction.
   */
  async transition(
    ref: JobRef,
    move: { from: readonly JobStatus[]; to: JobStatus; set?: JobNode; run?: number },
  ): Promise<StoredJob | undefined> {
    const graph =
      move.run === undefined ? this.graph : fencedGraph(this.graph, { ...ref, run: move.run });
    const [row] = await graph.writeTx(async (tx) => {
      const rows = await tx.write<{ job: JobNode }>('sync/set-job-status', {
        ...ref,
        from: move.from,
        to: move.to,
        set: move.set ?? {},
      });
      // The subscriptions' outbox (decision 0046): the change event commits with FINISHED or not at all.
      if (rows.length > 0 && move.to === 'FINISHED') {
        await tx.write('sync/record-change-event', {
          ...ref,
          eventId: randomUUID(),
          now: Date.now(),
        });
      }
      return rows;
    });
    return row === undefined ? undefined : counted(toJob(row.job));
  }

  /**
   * Accepts a finalize (AWAITING_UPLOADS to FINALIZE_PENDING) and gives the job the next place in
   * the finalize order of `scopeKey`; undefined when the job did not await uploads.
   */
  async acceptFinalize(
    ref: JobRef,
    scopeKey: string,
    set: JobNode,
  ): Promise<StoredJob | undefined> {
    const [row] = await this.graph.write<{ job: JobNode }>('sync/accept-finalize', {
      ...ref,
      scopeKey,
      set,
    });
    return row === undefined ? undefined : counted(toJob(row.job));
  }

  /**
   * A finalize forced past the delete guard: the job it stopped goes back to FINALIZE_PENDING,
   * next in the order of `scopeKey`, and skips the guard; undefined when the guard did not stop it.
   */
  async reopenStopped(
    ref: JobRef,
    scopeKey: string,
    owner: string | undefined,
  ): Promise<StoredJob | undefined> {
    const [row] = await this.graph.write<{ job: JobNode }>('sync/reopen-guarded-job', {
      ...ref,
      scopeKey,
      set: { allowDeletes: true, ...ownerField(owner) },
    });
    return row === undefined ? undefined : counted(toJob(row.job));
  }

  /**
   * Hands an accepted finalize back (FINALIZE_PENDING to AWAITING_UPLOADS) while no run has
   * started since; undefined when one has (it will finish the job) or the job moved on.
   */
  async returnUnclaimedFinalize(ref: JobRef): Promise<StoredJob | undefined> {
    const [row] = await this.graph.write<{ job: JobNode }>('sync/return-unclaimed-finalize', {
      ...ref,
    });
    return row === undefined ? undefined : counted(toJob(row.job));
  }

  /**
   * Claims the next finalization run of a FINALIZE_PENDING job when no earlier job of its scope
   * is pending: `mine` says whether it was claimed (the run number is the job's finalizeRuns);
   * `earlier` names the job it waits for.
   */
  async claimRun(ref: JobRef): Promise<{ job: StoredJob; mine: boolean; earlier: string | null }> {
    const [row] = await this.graph.write<{ job: JobNode; mine: boolean; earlier: string | null }>(
      'sync/claim-finalize-run',
      { ...ref },
    );
    if (row === undefined) throw new NotFoundError(`Sync job '${ref.jobId}' not found`);
    return { job: toJob(row.job), mine: row.mine, earlier: row.earlier };
  }

  /**
   * FINALIZE_PENDING jobs that started before `before`, oldest first: those of `owner` and those
   * accepted without one (decision 0048); every one when `owner` is undefined.
   */
  async findFinalizePending(
    before: number,
    limit: number,
    owner: string | undefined,
  ): Promise<Array<JobRef & { finalizeSeq: number }>> {
    return this.graph.read<JobRef & { finalizeSeq: number }>('sync/find-finalize-pending', {
      before,
      limit,
      owner: owner ?? null,
    });
  }

  /**
   * The expiry of the job's bulk upload URL: the current one while it has not passed, else
   * `expiresAt`. Undefined when the job does not await uploads or already has its bulk file.
   */
  async issueBulkUploadUrl(
    ref: JobRef,
    at: { now: number; expiresAt: number },
  ): Promise<StoredJob | undefined> {
    const [row] = await this.graph.write<{ job: JobNode }>('sync/issue-bulk-upload-url', {
      ...ref,
      ...at,
    });
    return row === undefined ? undefined : toJob(row.job);
  }

  /** Records the job's bulk file; undefined when the job does not await uploads or has one. */
  async recordBulkFile(ref: JobRef, file: BulkFileRecord): Promise<StoredJob | undefined> {
    const [row] = await this.graph.write<{ job: JobNode }>('sync/record-bulk-file', {
      ...ref,
      file: {
        bulkFileKey: file.key,
        bulkFileSize: file.size,
        bulkFileUploadedAt: file.uploadedAt,
        bulkFileContentType: file.contentType ?? null,
        bulkFileContentEncoding: file.contentEncoding ?? null,
        bulkFileName: file.fileName ?? null,
        bulkFileETag: file.etag ?? null,
      },
    });
    return row === undefined ? undefined : toJob(row.job);
  }

  async update(ref: JobRef, set: JobNode): Promise<StoredJob> {
    const [row] = await this.graph.write<{ job: JobNode }>('sync/update-job', { ...ref, set });
    if (row === undefined) throw new NotFoundError(`Sync job '${ref.jobId}' not found`);
    return toJob(row.job);
  }

  async addEvents(
    ref: JobRef,
    events: Array<{ name: string; description: string }>,
    now: number,
  ): Promise<JobEvent[]> {
    const rows = await this.graph.write<{ event: JobEvent }>('sync/add-events', {
      ...ref,
      events: events.map((e) => ({ ...e, id: randomUUID(), createDate: now })),
    });
    return rows.map((r) => r.event);
  }

  async listEvents(jobId: string): Promise<JobEvent[]> {
    const rows = await this.graph.read<{ event: JobEvent }>('sync/list-events', { jobId });
    return rows.map((r) => r.event);
  }

  async findStale(before: number, limit: number): Promise<JobRef[]> {
    return this.graph.read<{ accountId: string; jobId: string }>('sync/find-stale-jobs', {
      before,
      limit,
    });
  }

  /**
   * Jobs the delete guard stopped before `before` (their end), no longer forceable from now on
   * (`deleteGuard.state` expired): the reaper then deletes their staged data.
   */
  async expireGuardStops(before: number, limit: number): Promise<JobRef[]> {
    return this.graph.write<{ accountId: string; jobId: string }>('sync/expire-guard-stops', {
      before,
      limit,
    });
  }

  /** Deletes the staging bookkeeping (batches and keys) of a final job, in bounded chunks. */
  async deleteStaging(jobId: string): Promise<void> {
    const limit = 10_000;
    for (;;) {
      const [row] = await this.graph.write<{ deleted: number }>('sync/delete-staging', {
        jobId,
        limit,
      });
      if ((row?.deleted ?? 0) < limit) return;
    }
  }
}

/** A job that reached its status here (created or moved): counted in graphsync_sync_jobs_total. */
function counted(job: StoredJob): StoredJob {
  countSyncJob(job.status);
  return job;
}

/** The job's owning deployment, as the accepting dispatcher names it (finalize-owner.ts). */
export function ownerField(owner: string | undefined): { finalizeOwner?: string } {
  return owner === undefined ? {} : { finalizeOwner: owner };
}
