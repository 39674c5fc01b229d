import type { RuleAction } from '../../rule-types';
import { renderDeep } from '../../templates/render';
import type { TemplateContext } from '../../templates/template-context';
import type { ActionRunnerDeps, ActionScope } from '../action-scope';
import type { ActionOutcome } from '../evaluation-record';
import { redact } from '../redact';

/**
 * One action type of the action table (action-table.ts): its pure part, `plan`, renders and
 * checks the action's fields against the evaluation's variables and answers the planned call; its
 * IO, `perform`, does the call (an alert, tags, a query, a message, the evaluation's variables)
 * and answers the outcome's fields. An action whose effect a dry run leaves out says what a dry
 * run records instead (`dryRun`); the others run in dry runs too.
 */
export interface ActionHandler<A extends RuleAction, P> {
  plan(action: A, input: PlanInput): P | Promise<P>;
  /** The inputs a dry run records (secrets hidden by the runner) instead of performing the plan. */
  dryRun?(plan: P): Record<string, unknown>;
  perform(plan: P, io: ActionIO): Partial<ActionOutcome> | Promise<Partial<ActionOutcome>>;
}

/** What a plan is made from: the evaluation's variables as they are now (only read). */
export interface PlanInput {
  context: TemplateContext;
  /** The rule's `templates`, which `mapTemplate` renders. */
  templates: Readonly<Record<string, string>>;
  /** The action's JSON pointer in the rule (`/operations/0/actions/1`), for errors. */
  pointer: string;
}

/** What performing a plan may use and change. */
export interface ActionIO {
  deps: ActionRunnerDeps;
  scope: ActionScope;
  /** The evaluation's variables: SET_PROPERTY and SERVICE_QUERY add to them. */
  context: TemplateContext;
  pointer: string;
  /** Runs one inner action (FOR_EACH_ITEM) with the runner's bookkeeping. */
  run: (action: RuleAction, context: TemplateContext, pointer: string) => Promise<ActionOutcome>;
}

/** One field of the action rendered (every template under it), its pointer below the action's. */
export function renderField(value: unknown, field: string, input: PlanInput): Promise<unknown> {
  return renderDeep(value, input.context, {
    templates: input.templates,
    pointer: `${input.pointer}/${field}`,
  });
}

/** How an action ended: what its entry answered, or the text of its error. */
export type ActionAnswer = { done: Partial<ActionOutcome> } | { error: string };

/**
 * The bookkeeping every action shares: the outcome names the action (pointer, type, id) and how
 * long it took; it is SUCCESS unless the entry says otherwise, FAILED with the error (secrets
 * hidden) when the entry threw.
 */
export function actionOutcome(
  action: Pick<RuleAction, 'type' | 'id'>,
  pointer: string,
  answer: ActionAnswer,
  durationMs: number,
  secrets: readonly string[],
): ActionOutcome {
  const outcome: ActionOutcome = {
    pointer,
    type: action.type,
    status: 'SUCCESS',
    durationMs,
    ...(action.id === undefined ? {} : { id: action.id }),
  };
  if ('error' in answer) {
    return { ...outcome, status: 'FAILED', error: redact(answer.error, secrets) };
  }
  return { ...outcome, ...answer.done, durationMs };
}

/** A dry run's outcome of an action with a side effect: DRY_RUN, its rendered inputs. */
export function dryRunOutcome(
  inputs: Record<string, unknown>,
  secrets: readonly string[],
): Partial<ActionOutcome> {
  return { status: 'DRY_RUN', inputs: redact(inputs, secrets) };
}
