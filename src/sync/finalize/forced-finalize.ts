import type { Logger } from 'pino';
import type { AuditRecorder } from '../../audit/audit-service';
import { ConflictError } from '../../errors/app-error';
import { countDeleteGuard } from '../../telemetry/metrics';
import type { JobRef } from '../jobs/job-service-contract';
import type { JobStore } from '../jobs/job-store';
import type { StoredJob } from '../jobs/stored-job';
import { recordGuardEvent } from './delete-guard';
import { finalizeScopeKey } from './finalize-order';

/** Who forced a finalize: the request's API key. */
export interface ForcingKey {
  keyId: string;
  keyName: string | null;
  requestId: string | null;
}

/**
 * `POST .../finalize?allowDeletes=true` on a job the delete guard stopped: the job goes back to
 * FINALIZE_PENDING (next in its scope's order) with its kept staged data, and its run skips the
 * guard. Counted (`forced`) and audited as the caller's. Undefined for a job that is not FAILED
 * (the finalize goes on as usual, without the guard); 409 for one FAILED otherwise, or whose
 * staged data expired.
 */
export async function reopenStoppedJob(
  deps: { jobs: JobStore; audit: AuditRecorder; logger: Logger; owner: string | undefined },
  ref: JobRef,
  by: ForcingKey,
): Promise<StoredJob | undefined> {
  const job = await deps.jobs.get(ref);
  if (job.status !== 'FAILED') return undefined;
  const reopened =
    job.deleteGuard?.state === 'stopped'
      ? await deps.jobs.reopenStopped(ref, finalizeScopeKey(job), deps.owner)
      : undefined;
  if (reopened === undefined) throw notStopped(await deps.jobs.get(ref));
  countDeleteGuard('forced');
  await recordGuardEvent(deps, {
    job: reopened,
    actor: { type: 'apiKey', keyId: by.keyId, keyName: by.keyName },
    requestId: by.requestId,
  });
  return reopened;
}

function notStopped(job: StoredJob): ConflictError {
  const why =
    job.deleteGuard?.state === 'expired'
      ? 'the delete guard stopped it, but its staged data has since expired: start a new job'
      : `it is ${job.status} and was not stopped by the delete guard`;
  return new ConflictError(
    `Sync job '${job.id}' cannot be finalized with allowDeletes: ${why}`,
    'JOB_NOT_STOPPED_BY_DELETE_GUARD',
  );
}
