import type { RuleAction, RuleOperation } from '../rule-types';
import { evaluateWhen } from '../templates/conditions';
import type { TemplateContext } from '../templates/template-context';
import type { ActionOutcome, OperationOutcome } from './evaluation-record';
import { errorText } from './evaluation-steps';
import { redact } from './redact';

/**
 * The pure decisions about a rule's operations (docs/guide/rules.md, "Operations and
 * conditions"). Each operation's condition is decided just before its actions run, as it may
 * read what the actions of earlier operations set; the evaluator runs the actions between.
 */

/** A `when` held, did not, or could not be evaluated (its error, secrets hidden). */
export type ConditionDecision = { holds: boolean } | { error: string };

/**
 * Whether an operation's `when` holds with the evaluation's variables as they are now. Async only
 * because template expressions evaluate asynchronously: no IO.
 */
export async function decideCondition(
  when: RuleOperation['when'],
  context: TemplateContext,
  options: {
    templates: Readonly<Record<string, string>>;
    pointer: string;
    secrets: readonly string[];
  },
): Promise<ConditionDecision> {
  try {
    const { templates, pointer } = options;
    return { holds: await evaluateWhen(when, context, { templates, pointer }) };
  } catch (err) {
    return { error: redact(errorText(err), options.secrets) };
  }
}

/** Whether the operation's actions are to run (or be held back): its condition held. */
export function conditionHolds(decision: ConditionDecision): boolean {
  return 'holds' in decision && decision.holds;
}

/** The operation's record: the condition's result (or error) and its actions' outcomes. */
export function operationOutcome(
  index: number,
  decision: ConditionDecision,
  actions: ActionOutcome[],
): OperationOutcome {
  if ('error' in decision) return { index, error: decision.error, actions: [] };
  if (!decision.holds) return { index, conditionResult: false, actions: [] };
  return { index, conditionResult: true, actions };
}

/** The outcomes of actions `triggerActionsOnNewEntitiesOnly` held back: each SKIPPED. */
export function heldBackActions(actions: readonly RuleAction[], pointer: string): ActionOutcome[] {
  return actions.map((action, i) => ({
    pointer: `${pointer}/${i}`,
    type: action.type,
    ...(action.id === undefined ? {} : { id: action.id }),
    status: 'SKIPPED' as const,
    durationMs: 0,
  }));
}

/** The evaluation's error lines of one operation: its condition's error, each failed action. */
export function operationErrors(outcome: OperationOutcome): string[] {
  return [
    ...(outcome.error === undefined ? [] : [`/operations/${outcome.index}/when: ${outcome.error}`]),
    ...failedActions(outcome.actions),
  ];
}

/**
 * What the operations decided for the rule's alert: whether a condition failed (the evaluation is
 * not clean, the alert stays), and whether an operation whose condition held reached a
 * CREATE_ALERT (the alert stays raised, even when it failed or was held back).
 */
export function decideOperations(
  operations: readonly RuleOperation[],
  outcomes: readonly OperationOutcome[],
  heldBack: boolean,
): { conditionsFailed: boolean; alertReached: boolean } {
  return {
    conditionsFailed: outcomes.some((o) => o.error !== undefined),
    alertReached: outcomes.some((o) => {
      const operation = operations[o.index];
      return (
        o.conditionResult === true && operation !== undefined && holdsAlert(operation, o, heldBack)
      );
    }),
  };
}

/**
 * Whether an operation whose condition held keeps the rule's alert: a CREATE_ALERT of its own was
 * reached (run, even failing, or held back); a FOR_EACH_ITEM holding one was held back or failed
 * (which items would have raised it is unknown). A FOR_EACH_ITEM that ran cleanly keeps it when
 * an item raised it (the evaluation's `raised`, alert-decision.ts).
 */
function holdsAlert(
  operation: RuleOperation,
  outcome: OperationOutcome,
  heldBack: boolean,
): boolean {
  return operation.actions.some((action, i) => {
    if (action.type === 'CREATE_ALERT') return true;
    if (action.type !== 'FOR_EACH_ITEM' || !reachesAlert(action)) return false;
    return heldBack || outcome.actions[i]?.status === 'FAILED';
  });
}

/** Whether actions raise the rule's alert (directly or inside FOR_EACH_ITEM). */
function reachesAlert(operation: { actions: readonly RuleAction[] }): boolean {
  return operation.actions.some(
    (a) => a.type === 'CREATE_ALERT' || (a.type === 'FOR_EACH_ITEM' && reachesAlert(a)),
  );
}

/** `<pointer> <type>: <error>` of each failed action, FOR_EACH_ITEM's items' included. */
function failedActions(outcomes: readonly ActionOutcome[]): string[] {
  return outcomes.flatMap((o) => {
    if (o.items !== undefined) return o.items.flatMap((item) => failedActions(item.actions));
    return o.status === 'FAILED' ? [`${o.pointer} ${o.type}: ${o.error ?? 'failed'}`] : [];
  });
}
