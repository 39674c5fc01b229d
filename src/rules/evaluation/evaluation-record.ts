import type { ActionType } from '../rule-types';

/**
 * What one evaluation of a rule did (decision 0023): which rule version ran and when, each
 * query's total, each operation's condition result, each action's outcome, the `outputs` values,
 * and every error. Stored per rule (the newest RULE_EVALUATIONS_KEPT) and answered by the
 * evaluations API; a dry run answers one without storing it.
 */
export const EVALUATION_TRIGGERS = ['MANUAL', 'SCHEDULED', 'DRY_RUN'] as const;
export type EvaluationTrigger = (typeof EVALUATION_TRIGGERS)[number];

/** SUCCESS: every query, condition and action succeeded. FAILED: something did not (`errors`). */
export type EvaluationStatus = 'SUCCESS' | 'FAILED';

export interface QueryOutcome {
  name: string;
  /** The query as run (a SERVICE_QUERY's after rendering). */
  query: string;
  /** Absent when the query failed. */
  total?: number;
  type?: 'list' | 'table' | 'tree';
  durationMs: number;
  warnings?: string[];
  error?: string;
}

/**
 * SUCCESS / FAILED: the action ran. DRY_RUN: a dry run rendered its inputs and stopped short of
 * the side effect. SKIPPED: `triggerActionsOnNewEntitiesOnly` found no new entity.
 */
export type ActionStatus = 'SUCCESS' | 'FAILED' | 'DRY_RUN' | 'SKIPPED';

export interface ActionOutcome {
  /** JSON pointer of the action in the rule, e.g. `/operations/0/actions/1`. */
  pointer: string;
  type: ActionType;
  /** The action's stored `id`, when it has one. */
  id?: string;
  status: ActionStatus;
  durationMs: number;
  /** What the action reached: an alert id, a URL, a queue... */
  target?: string;
  /** The rendered inputs (account secrets shown as `[secret]`); large lists are summarised. */
  inputs?: Record<string, unknown>;
  /** What the action produced (the alert, the count of tagged entities, a response status...). */
  result?: Record<string, unknown>;
  error?: string;
  /** FOR_EACH_ITEM: each item's inner action outcomes. */
  items?: Array<{ index: number; actions: ActionOutcome[] }>;
}

export interface OperationOutcome {
  index: number;
  /** Whether `when` held; absent when it could not be evaluated (`error`). */
  conditionResult?: boolean;
  error?: string;
  /** Empty when the condition did not hold. */
  actions: ActionOutcome[];
}

export interface EvaluationRecord {
  id: string;
  /** Absent for a dry run of an unsaved rule. */
  ruleId?: string;
  ruleVersion?: number;
  ruleName: string;
  trigger: EvaluationTrigger;
  dryRun: boolean;
  status: EvaluationStatus;
  /** Epoch ms. */
  startedOn: number;
  endedOn: number;
  durationMs: number;
  queries: QueryOutcome[];
  /** Each name of the rule's `outputs` with its value at the end of the evaluation. */
  outputs: Record<string, unknown>;
  operations: OperationOutcome[];
  /** Every failure, each prefixed by where it happened. */
  errors: string[];
  /** Distinct entities in the results of the rule's queries. */
  entityCount: number;
  /** Of those, how many the previous evaluation's results did not hold. */
  newEntityCount: number;
  /** Set when `triggerActionsOnNewEntitiesOnly` held the actions back. */
  actionsSkipped?: 'NO_NEW_ENTITIES';
  /** What became of the rule's alert: raised (opened or updated) or resolved by this evaluation. */
  alert?: { id: string; status: string; change: 'OPENED' | 'UPDATED' | 'RESOLVED' };
  /** With `notifyOnFailure` on a FAILED evaluation: whether the stakeholders were told. */
  failureNotification?: { status: 'SENT' | 'NOT_SENT'; detail: string };
}
