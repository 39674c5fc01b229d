import { timeFinalizePhase } from '../../telemetry/metrics';
import type { FinalizePhase } from '../jobs/job-progress';
import type { FinalizeStep } from './finalize-plan';

/**
 * The phase a step of the plan belongs to (the relationship pass's start is part of it). The ids
 * are fixed (jobs/job-progress.ts FINALIZE_PHASES): metrics, spans and progress events share them.
 */
export function phaseOf(step: FinalizeStep): FinalizePhase {
  switch (step.do) {
    case 'apply':
      return step.kind === 'e' ? 'entities' : 'relationships';
    case 'start-relationships':
      return 'relationships';
    case 'delete':
      return step.kind === 'e' ? 'delete-entities' : 'delete-relationships';
  }
}

/** The plan's steps in order, consecutive steps of one phase together. */
export function phasesOf(
  steps: FinalizeStep[],
): Array<{ phase: FinalizePhase; steps: FinalizeStep[] }> {
  const out: Array<{ phase: FinalizePhase; steps: FinalizeStep[] }> = [];
  for (const step of steps) {
    const phase = phaseOf(step);
    const last = out[out.length - 1];
    if (last?.phase === phase) last.steps.push(step);
    else out.push({ phase, steps: [step] });
  }
  return out;
}

/** Runs one phase timed (graphsync_finalize_phase_duration_seconds) and in its span. */
export function inPhase<T>(phase: FinalizePhase, run: () => Promise<T>): Promise<T> {
  return timeFinalizePhase(phase, run);
}

/** Runs the plan's steps phase by phase, each phase timed and in its span (inPhase). */
export async function inPhases(
  steps: FinalizeStep[],
  run: (step: FinalizeStep) => Promise<void>,
): Promise<void> {
  for (const { phase, steps: inThisPhase } of phasesOf(steps)) {
    await inPhase(phase, async () => {
      for (const step of inThisPhase) await run(step);
    });
  }
}
