import type { FaultName } from './options';

/**
 * What one trial found. lost / duplicated / stale count objects (entities and relationships);
 * stranded, countersWrong, errors and errorPartial count jobs; missed counts faults that did not
 * land (the job was already final when the fault came); httpErrors counts requests answered with
 * an unexpected status; trialErrors counts trials that broke off (the reason is in the notes).
 */
export interface TrialOutcome {
  fault: FaultName;
  trial: number;
  ms: number;
  missed: number;
  lost: number;
  duplicated: number;
  stale: number;
  stranded: number;
  countersWrong: number;
  errors: number;
  errorPartial: number;
  httpErrors: number;
  trialErrors: number;
  /** SIGKILL to FINISHED, per kill that landed. */
  killToFinishedMs: number[];
  notes: string[];
}

export function emptyOutcome(fault: FaultName, trial: number): TrialOutcome {
  return {
    fault,
    trial,
    ms: 0,
    missed: 0,
    lost: 0,
    duplicated: 0,
    stale: 0,
    stranded: 0,
    countersWrong: 0,
    errors: 0,
    errorPartial: 0,
    httpErrors: 0,
    trialErrors: 0,
    killToFinishedMs: [],
    notes: [],
  };
}

/** The counts that must all be 0 for a fault to pass. */
export const MUST_BE_ZERO = [
  'lost',
  'duplicated',
  'stale',
  'stranded',
  'countersWrong',
  'errorPartial',
  'httpErrors',
  'trialErrors',
] as const;

export function problemCount(o: TrialOutcome): number {
  return MUST_BE_ZERO.reduce((sum, k) => sum + o[k], 0);
}
