import type { EvaluationRecord } from './evaluation-record';

/**
 * What an evaluation did to its rule's alert, as its record says (`alert`): OPENED or UPDATED by
 * a CREATE_ALERT, RESOLVED when the evaluation settled the rule's alert.
 */
export type AlertRecord = NonNullable<EvaluationRecord['alert']>;

/** The alert store's answer to a CREATE_ALERT: the rule's active alert, and whether it is new. */
export interface RaiseAnswer {
  alert: { id: string; status: string };
  created: boolean;
}

/**
 * The alert a CREATE_ALERT leaves the evaluation with: OPENED when the store opened it, UPDATED
 * when it raised the rule's already active alert again. Raised again by the same evaluation
 * (FOR_EACH_ITEM), an alert this evaluation opened stays OPENED.
 */
export function raisedAlert(previous: AlertRecord | undefined, answer: RaiseAnswer): AlertRecord {
  return {
    id: answer.alert.id,
    status: answer.alert.status,
    change: answer.created || previous?.change === 'OPENED' ? 'OPENED' : 'UPDATED',
  };
}

/** How an evaluation ended, as far as its rule's alert is concerned. */
export interface AlertOutcome {
  dryRun: boolean;
  /** Absent for a rule body that is not stored (a dry run of a body): it has no alert. */
  ruleId?: string;
  queriesFailed: boolean;
  conditionsFailed: boolean;
  /** An operation whose condition held reached a CREATE_ALERT (decideOperations). */
  alertReached: boolean;
}

/**
 * What becomes of the rule's alert once the operations ran: RAISED (a CREATE_ALERT ran: the
 * record names that alert), RESOLVE (a clean evaluation, every query and condition evaluated,
 * that reached no CREATE_ALERT: the rule's active alert, if any, is resolved) or KEEP (a dry run,
 * a failed query or condition, a CREATE_ALERT reached but not run: the alert stays as it is).
 */
export type AlertChange =
  { kind: 'RAISED'; alert: AlertRecord } | { kind: 'RESOLVE'; ruleId: string } | { kind: 'KEEP' };

export function alertChange(raised: AlertRecord | undefined, outcome: AlertOutcome): AlertChange {
  if (raised !== undefined) return { kind: 'RAISED', alert: raised };
  const clean = !outcome.queriesFailed && !outcome.conditionsFailed;
  if (outcome.dryRun || !clean || outcome.alertReached || outcome.ruleId === undefined) {
    return { kind: 'KEEP' };
  }
  return { kind: 'RESOLVE', ruleId: outcome.ruleId };
}

/** The record's `alert` after a RESOLVE: the alert the store resolved; none when it had none. */
export function resolvedAlert(
  resolved: { id: string; status: string } | undefined,
): AlertRecord | undefined {
  return resolved === undefined
    ? undefined
    : { id: resolved.id, status: resolved.status, change: 'RESOLVED' };
}
