import type { Logger } from 'pino';
import type { DeleteGuardSettings } from '../../accounts/delete-guard-setting';
import type { AuditRecorder } from '../../audit/audit-service';
import type { Graph } from '../../graph/graph';
import { countDeleteGuard } from '../../telemetry/metrics';
import type { JobStore } from '../jobs/job-store';
import type { StoredJob } from '../jobs/stored-job';
import { SYNC_MODES } from '../modes/mode-policy';
import type { JobKeys } from './job-keys';
import { countDiffDeletes, type DeleteTotals, totalsOf } from './delete-counts';
import { FencedOutError } from './finalize-fence';

/** What the guard found when it stopped (or let through, forced) a job: the job's `deleteGuard`. */
export interface GuardRecord {
  state: 'stopped' | 'forced' | 'expired';
  /** The limit that applied: the job's `deleteGuardPercent`, else its account's. */
  percent: number;
  entities: DeleteTotals;
  relationships: DeleteTotals;
}

export interface DeleteGuardDeps {
  graph: Graph;
  jobs: JobStore;
  settings: DeleteGuardSettings;
  audit: AuditRecorder;
  logger: Logger;
  now?: () => number;
}

/**
 * The delete guard (docs/guide/safe-sync.md, decision 0044): at the start of a DIFF's
 * finalization run, once the scope's earlier jobs are final and before any write to the graph,
 * counts what the run would delete against the scope's live entities and relationships. Over
 * the limit, the job ends FAILED with the numbers, nothing written and its staged data kept, so
 * that a finalize with `?allowDeletes=true` can force it (the job is then `forced` and not
 * checked again). Off unless the job or its account sets a limit.
 */
export class DeleteGuard {
  constructor(private readonly deps: DeleteGuardDeps) {}

  /** The job as the guard ended it (FAILED), or undefined when the run may go on. */
  async check(
    job: StoredJob,
    run: { run: number; scope: string | null; resumed: boolean; keys: JobKeys | undefined },
  ): Promise<StoredJob | undefined> {
    // Only DIFF deletes what its job did not upload (its policy's deletesAbsent.entities).
    if (!SYNC_MODES[job.syncMode].deletesAbsent.entities) return undefined;
    // No keys: a new scope (finalize-staging.ts), where nothing can be deleted.
    if (run.scope === null || run.resumed || run.keys === undefined) return undefined;
    if (job.allowDeletes === true) return undefined;
    const percent = job.deleteGuardPercent ?? (await this.deps.settings.get(job.accountId));
    if (percent === null) return undefined;
    const counted = await countDiffDeletes(this.deps.graph, job, {
      scope: run.scope,
      partialTypes: job.partialDatasetTypes ?? [],
      sample: 0,
      keys: run.keys,
    });
    const record: GuardRecord = {
      state: 'stopped',
      percent,
      entities: totalsOf(counted.entities),
      relationships: totalsOf(counted.relationships),
    };
    if (!over(record.entities, percent) && !over(record.relationships, percent)) return undefined;
    return this.stop(job, { record, run: run.run, scope: run.scope });
  }

  private async stop(
    job: StoredJob,
    at: { record: GuardRecord; run: number; scope: string },
  ): Promise<StoredJob> {
    const ref = { accountId: job.accountId, jobId: job.id };
    const message = guardMessage(at.record, at.scope);
    const stopped = await this.deps.jobs.transition(ref, {
      from: ['FINALIZE_PENDING'],
      to: 'FAILED',
      run: at.run,
      set: {
        error: message,
        endTimestamp: (this.deps.now ?? Date.now)(),
        finalizeCheckpoint: null,
        finalizePhase: null,
        deleteGuardState: 'stopped',
        deleteGuardJson: JSON.stringify(at.record),
      },
    });
    if (stopped === undefined) throw new FencedOutError(job.id, at.run);
    countDeleteGuard('stopped');
    this.deps.logger.warn({ jobId: job.id, accountId: job.accountId, ...at.record }, message);
    await recordGuardEvent(this.deps, { job: stopped, actor: { type: 'service' } });
    return stopped;
  }
}

/** Over the limit: more than `percent` of the live objects would be deleted. */
function over(t: DeleteTotals, percent: number): boolean {
  return t.live > 0 && t.deletes * 100 > percent * t.live;
}

/** The FAILED job's `error`: what would have been deleted, against what limit, and what to do. */
export function guardMessage(r: GuardRecord, scope: string): string {
  const parts: string[] = [];
  if (over(r.entities, r.percent)) parts.push(share(r.entities, 'entities'));
  if (over(r.relationships, r.percent)) parts.push(share(r.relationships, 'relationships'));
  return (
    `DIFF would delete ${parts.join(' and ')} in scope '${scope}', above the delete guard of ` +
    `${r.percent}%; nothing was changed. Finalize again with ?allowDeletes=true to apply it`
  );
}

function share(t: DeleteTotals, what: string): string {
  const pct = Math.round((t.deletes * 1000) / t.live) / 10;
  return `${t.deletes} of ${t.live} live ${what} (${pct}%)`;
}

/** The audit event of a guard stop (by the service) or of a forced finalize (by an API key). */
export async function recordGuardEvent(
  deps: { audit: AuditRecorder; logger: Logger },
  at: {
    job: StoredJob;
    actor: { type: 'service' } | { type: 'apiKey'; keyId: string; keyName: string | null };
    requestId?: string | null;
  },
): Promise<void> {
  const g = at.job.deleteGuard;
  try {
    await deps.audit.record({
      accountId: at.job.accountId,
      actor: at.actor,
      operation: 'finalizeSyncJob',
      action: 'update',
      target: { type: 'syncJob', id: at.job.id },
      summary: {
        deleteGuard: g?.state ?? null,
        scope: at.job.scope ?? null,
        percent: g?.percent ?? null,
        liveEntities: g?.entities.live ?? null,
        entitiesToDelete: g?.entities.deletes ?? null,
        liveRelationships: g?.relationships.live ?? null,
        relationshipsToDelete: g?.relationships.deletes ?? null,
      },
      requestId: at.requestId ?? null,
    });
  } catch (err) {
    // The outcome stands (it is on the job); a missing audit event is logged, not fatal.
    deps.logger.error({ err, jobId: at.job.id }, 'could not record the delete guard audit event');
  }
}
