import type { SyncMode } from '../jobs/job-types';
import { SYNC_MODES } from '../modes/mode-policy';

/**
 * Which jobs' finalizations are ordered against each other: those of one (account, scope key).
 * Each accepted finalize takes the next number of its scope key (accept-finalize.cypher) and a
 * run may start only when no job of the scope key with a lower number is still FINALIZE_PENDING
 * (claim-finalize-run.cypher). Jobs without a scope of modes whose `unscopedJobScope` is `none`
 * (PATCH) share one key per account.
 */
/**
 * The scope a job's objects live in: its scope, or for integration jobs the instance id; without
 * either, as its mode's `unscopedJobScope` says.
 */
export function effectiveScope(job: {
  scope?: string;
  integrationInstanceId?: string;
  source: string;
  syncMode: SyncMode;
}): string | null {
  if (job.scope !== undefined) return job.scope;
  if (job.integrationInstanceId !== undefined) return job.integrationInstanceId;
  return SYNC_MODES[job.syncMode].unscopedJobScope === 'none' ? null : job.source;
}

/** The key a job's finalizations are ordered by within its account. */
export function finalizeScopeKey(job: Parameters<typeof effectiveScope>[0]): string {
  return effectiveScope(job) ?? '(no scope)';
}
