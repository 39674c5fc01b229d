import type { ContractEnum } from '../../contract/contract-types';
import type { components } from '../../generated/openapi';

type Schemas = components['schemas'];

/**
 * What one evaluation of a rule did (decision 0023): which rule version ran and when, each
 * query's total, each operation's condition result, each action's outcome, the `outputs` values,
 * and every error. Stored per rule (the newest RULE_EVALUATIONS_KEPT) and answered by the
 * evaluations API; a dry run answers one without storing it. The record is openapi.yaml's
 * EvaluationRecord; the names below are its parts.
 */
export type EvaluationRecord = Schemas['EvaluationRecord'];

export const EVALUATION_TRIGGERS = ['MANUAL', 'SCHEDULED', 'DRY_RUN'] as const;
export type EvaluationTrigger = ContractEnum<
  EvaluationRecord['trigger'],
  typeof EVALUATION_TRIGGERS
>;

/** SUCCESS: every query, condition and action succeeded. FAILED: something did not (`errors`). */
export type EvaluationStatus = EvaluationRecord['status'];

/** One query run: `query` as run (a SERVICE_QUERY's after rendering); no `total` if it failed. */
export type QueryOutcome = EvaluationRecord['queries'][number];

/**
 * One action's outcome: `pointer` is the action's JSON pointer in the rule
 * (`/operations/0/actions/1`), `target` what it reached (an alert id, a URL, a queue...),
 * `inputs` the rendered inputs (account secrets shown as `[secret]`, large lists summarised),
 * `result` what it produced, `items` each FOR_EACH_ITEM item's inner outcomes.
 */
export type ActionOutcome = Schemas['ActionOutcome'];

/**
 * SUCCESS / FAILED: the action ran. DRY_RUN: a dry run rendered its inputs and stopped short of
 * the side effect. SKIPPED: `triggerActionsOnNewEntitiesOnly` found no new entity.
 */
export type ActionStatus = ActionOutcome['status'];

/** One operation: `conditionResult` absent when `when` could not be evaluated (`error`). */
export type OperationOutcome = EvaluationRecord['operations'][number];
