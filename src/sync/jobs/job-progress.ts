import type { ContractEnum } from '../../contract/contract-types';
import type { components } from '../../generated/openapi';
import { JOB_COUNTERS, type SyncJob } from './job-types';

/**
 * A job's finalization progress as the API shows it (docs/guide/sync-jobs.md, "Progress"): the
 * phase a run is in and, per phase, objects done and total, which the finalizer keeps on the job
 * node (`finalizePhase`, `finalizePhases`) in the progress writes it does anyway
 * (finalize/finalize-progress.ts). No IO here.
 */
type Schemas = components['schemas'];

/** The finalization phases, in the order a run takes them (fixed ids: metrics, spans, events). */
export const FINALIZE_PHASES = [
  'bulk-file',
  'entities',
  'delete-entities',
  'relationships',
  'delete-relationships',
  'finish',
] as const;
export type FinalizePhase = ContractEnum<Schemas['SyncJobPhase'], typeof FINALIZE_PHASES>;

export type PhaseProgress = Schemas['SyncJobPhaseProgress'];

/** The `data` of one progress event (openapi.yaml's SyncJobProgressEvent). */
export type ProgressEvent = Schemas['SyncJobProgressEvent'];

/** The phases that count towards `percent`: those that write or delete graph objects. */
const OBJECT_PHASES: ReadonlySet<FinalizePhase> = new Set([
  'entities',
  'delete-entities',
  'relationships',
  'delete-relationships',
]);

/**
 * How far a finalization got, 0 to 100: objects written and deleted over the objects known to be
 * written and deleted, `floor(100 * Σ done / Σ total)` over the object phases, where a delete
 * phase counts only once its total is known (it adds as many to both sums, so the percent never
 * goes back). `bulk-file` (bytes) and `finish` (one step) do not count; with nothing to write,
 * 0 until `finish`, then 100.
 */
export function percentOf(
  phase: FinalizePhase | undefined,
  phases: readonly PhaseProgress[],
): number {
  let done = 0;
  let total = 0;
  for (const p of phases) {
    if (!OBJECT_PHASES.has(p.name) || p.total === null) continue;
    done += Math.min(p.done, p.total);
    total += p.total;
  }
  if (total === 0) return phase === 'finish' ? 100 : 0;
  return Math.min(100, Math.floor((100 * done) / total));
}

/** The phase list kept on the job node (JSON), or undefined when absent or unreadable. */
export function readPhases(value: unknown): PhaseProgress[] | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) ? (parsed as PhaseProgress[]) : undefined;
  } catch {
    return undefined;
  }
}

export function isFinalizePhase(value: unknown): value is FinalizePhase {
  return typeof value === 'string' && (FINALIZE_PHASES as readonly string[]).includes(value);
}

/** One progress event of a job (its status, phase, per-phase progress and counters). */
export function progressEvent(
  job: SyncJob & { finalizePhases?: PhaseProgress[] | undefined },
): ProgressEvent {
  return {
    jobId: job.id,
    status: job.status,
    phase: job.phase ?? null,
    percent: job.status === 'FINALIZE_PENDING' ? (job.percent ?? 0) : null,
    phases: job.finalizePhases ?? [],
    counters: Object.fromEntries(JOB_COUNTERS.map((c) => [c, job[c]])),
    final: job.done,
  };
}
