import type { Logger } from 'pino';
import type { AccountService } from '../../accounts/account-service';
import type { BlobStore, PresignedPut } from '../../blob/blob-store';
import type { Config } from '../../config/config';
import type { Graph } from '../../graph/graph';
import { DeleteGuardSettings } from '../../accounts/delete-guard-setting';
import { AuditService, type AuditRecorder } from '../../audit/audit-service';
import { RawDataWriter } from '../../rawdata/raw-data-writer';
import { DeleteGuard } from '../finalize/delete-guard';
import { FinalizePreviewer } from '../finalize/finalize-preview';
import { PresignedUploadUrls } from '../staging/bulk-upload-presigned';
import { BulkUploadService } from '../staging/bulk-upload-service';
import { type FinalizeDispatcher, inProcessDispatcher } from '../finalize/finalize-dispatch';
import { Finalizer } from '../finalize/finalizer';
import { localFinalizeOwner } from '../finalize/finalize-owner';
import { JobStore } from './job-store';
import { startReaper } from './reaper';
import { SignedUploadUrls } from '../staging/signed-upload-urls';
import { SyncJobService } from './sync-job-service';
import { SafeSyncService } from './safe-sync-service';
import { ProgressStreams } from './progress-streams';
import { uploadUrlSecret } from '../staging/upload-url-secret';

/**
 * Builds the sync job services from their dependencies. The dispatcher decides the deployment
 * mode: without one, finalization runs in-process (local mode).
 */
export interface SyncJobs {
  service: SyncJobService;
  /** Who runs accepted finalizations: this process (local mode) or the queue. */
  dispatcher: FinalizeDispatcher;
  bulkUploads: BulkUploadService;
  finalizer: Finalizer;
  jobs: JobStore;
  /** Where staged uploads and raw-data content live. */
  blobs: BlobStore;
  /** The progress streams this process serves (GET .../jobs/{jobId}/progress). */
  progress: ProgressStreams;
  /** The finalize preview and the account's delete guard (docs/guide/safe-sync.md). */
  safeSync: SafeSyncService;
}

export interface SyncJobsDeps {
  graph: Graph;
  blobs: BlobStore;
  accounts: AccountService;
  /** Records delete guard stops and forced finalizes in the audit trail. */
  audit: AuditRecorder;
  logger: Logger;
  chunkSize: number;
  attempts: number;
  /** Raw-data versions kept per entry. */
  rawDataVersionsKept: number;
  /**
   * How bulk upload URLs are signed, and the largest file they take (bytes); with `presigned`
   * (S3 mode), the URLs handed out are presigned PUTs into the bucket instead.
   */
  bulkUploads: { urls: SignedUploadUrls; maxBytes: number; presigned?: PresignedPut | undefined };
  /** Queue mode passes a queue-backed dispatcher; local mode leaves it out. */
  dispatcher?: (finalizer: Finalizer) => FinalizeDispatcher;
  /** The deployment of the in-process dispatcher used without `dispatcher` (finalize-owner.ts). */
  owner?: string;
  /** How often progress streams read their job (ms), and how many this process serves. */
  progress?: { pollMs: number; maxStreams: number };
}

export function createSyncJobs(deps: SyncJobsDeps): SyncJobs {
  const jobs = new JobStore(deps.graph);
  const settings = new DeleteGuardSettings(deps.graph);
  const finalizer = new Finalizer({
    graph: deps.graph,
    blobs: deps.blobs,
    jobs,
    logger: deps.logger,
    rawData: new RawDataWriter({
      graph: deps.graph,
      blobs: deps.blobs,
      versionsKept: deps.rawDataVersionsKept,
    }),
    chunkSize: deps.chunkSize,
    guard: new DeleteGuard({ ...deps, jobs, settings }),
  });
  const dispatcher =
    deps.dispatcher?.(finalizer) ??
    inProcessDispatcher({
      finalizer,
      logger: deps.logger,
      attempts: deps.attempts,
      ...(deps.owner === undefined ? {} : { owner: deps.owner }),
    });
  const bulkUploads = bulkUploadService(deps, jobs);
  const service = new SyncJobService({
    graph: deps.graph,
    blobs: deps.blobs,
    jobs,
    accounts: deps.accounts,
    dispatcher,
    forcing: { audit: deps.audit, logger: deps.logger },
    collectBulkFile: (ref) => bulkUploads.collect(ref),
  });
  const safeSync = new SafeSyncService({
    jobs,
    settings,
    previewer: new FinalizePreviewer({ ...deps, settings }),
  });
  const progress = new ProgressStreams({
    jobs,
    pollMs: deps.progress?.pollMs ?? 500,
    maxStreams: deps.progress?.maxStreams ?? 200,
  });
  return {
    service,
    dispatcher,
    bulkUploads,
    finalizer,
    jobs,
    blobs: deps.blobs,
    progress,
    safeSync,
  };
}

/** Bulk upload URLs signed by graphsync, or presigned by S3 when the deps carry a presigner. */
function bulkUploadService(deps: SyncJobsDeps, jobs: JobStore): BulkUploadService {
  const { urls, maxBytes, presigned } = deps.bulkUploads;
  return new BulkUploadService({
    jobs,
    blobs: deps.blobs,
    urls,
    maxBytes,
    ...(presigned === undefined ? {} : { presigned: new PresignedUploadUrls(presigned, maxBytes) }),
  });
}

/** The sync job services as a process's configuration asks for them (API and worker alike). */
export function syncJobsFromConfig(input: {
  config: Config;
  graph: Graph;
  accounts: AccountService;
  logger: Logger;
  dispatcher?: (finalizer: Finalizer) => FinalizeDispatcher;
  /** The configured blob store (src/compose/blob-choice.ts); `presigned` in S3 mode. */
  blobs: { store: BlobStore; presigned: PresignedPut | undefined };
  /**
   * Base of the bulk upload URLs when PUBLIC_URL is unset: the API's own address, known once it
   * listens (PORT=0 picks a port). Default: http://HOST:PORT.
   */
  ownUrl?: () => string;
}): SyncJobs {
  const { config } = input;
  const ownUrl = input.ownUrl ?? (() => `http://${config.http.host}:${config.http.port}`);
  return createSyncJobs({
    graph: input.graph,
    blobs: input.blobs.store,
    accounts: input.accounts,
    audit: new AuditService({ graph: input.graph, retentionMs: config.audit.retentionMs }),
    logger: input.logger,
    chunkSize: config.sync.finalizeBatchSize,
    attempts: config.queue.finalizeAttempts,
    rawDataVersionsKept: config.sync.rawDataVersionsKept,
    bulkUploads: {
      urls: new SignedUploadUrls({
        secret: uploadUrlSecret({
          configured: config.sync.uploadUrlSecret,
          dataDir: config.dataDir,
        }),
        publicUrl: () => config.http.publicUrl ?? ownUrl(),
      }),
      maxBytes: config.sync.bulkUploadMaxBytes,
      presigned: input.blobs.presigned,
    },
    dispatcher: input.dispatcher,
    ...(input.dispatcher === undefined ? { owner: localFinalizeOwner(config.dataDir) } : {}),
    progress: { pollMs: config.sync.progressPollMs, maxStreams: config.sync.progressMaxStreams },
  });
}

/** The reaper of stale jobs, on the configured TTL and interval. */
export function startSyncReaper(sync: SyncJobs, config: Config, logger: Logger): { stop(): void } {
  return startReaper({
    jobs: sync.jobs,
    service: sync.service,
    ttlMs: config.sync.jobTtlMs,
    intervalMs: config.sync.reaperIntervalMs,
    logger,
  });
}

/**
 * Dispatches the deployment's FINALIZE_PENDING jobs again, in the background: at start-up of a
 * local-mode API, whose finalizations ran in the process that stopped. Each waits for its scope's
 * turn. Jobs another deployment accepted are its own to finish (decision 0048).
 */
export function resumePendingFinalizations(sync: SyncJobs, logger: Logger): void {
  const resume = async () => {
    const pending = await sync.jobs.findFinalizePending(Date.now(), 1000, sync.dispatcher.owner);
    if (pending.length > 0) logger.info({ jobs: pending.length }, 'resuming pending finalizations');
    await Promise.all(
      pending.map((j) =>
        sync.dispatcher.dispatch({ accountId: j.accountId, jobId: j.jobId, seq: j.finalizeSeq }),
      ),
    );
  };
  resume().catch((err: unknown) => logger.error({ err }, 'could not resume pending finalizations'));
}
