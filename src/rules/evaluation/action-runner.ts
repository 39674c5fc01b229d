import type { RuleAction } from '../rule-types';
import type { TemplateContext } from '../templates/template-context';
import { actionHandler } from './action-table';
import type { ActionRunnerDeps, ActionScope } from './action-scope';
import { type ActionAnswer, actionOutcome, dryRunOutcome } from './actions/action-handler';
import type { ActionOutcome } from './evaluation-record';
import { errorText } from './evaluation-steps';

export type { ActionRunnerDeps, ActionScope, EntityTagger, QueryStep } from './action-scope';

/**
 * Runs a RuleOperation's actions in order (docs/guide/rules.md, "Actions"), each rendered just
 * before it runs so that it sees what earlier ones set. A failing action is recorded and the next
 * one still runs. In a dry run the side effects (alerts, tags, outbound messages) are rendered, not
 * done; SET_PROPERTY and SERVICE_QUERY still run, as later templates read them. What each action
 * type does is its entry of the action table (action-table.ts); this is the bookkeeping they share.
 */
export class ActionRunner {
  constructor(private readonly deps: ActionRunnerDeps) {}

  async runAll(
    actions: readonly RuleAction[],
    context: TemplateContext,
    scope: ActionScope,
    pointer: string,
  ): Promise<ActionOutcome[]> {
    const outcomes: ActionOutcome[] = [];
    for (const [i, action] of actions.entries()) {
      outcomes.push(await this.run(action, context, scope, `${pointer}/${i}`));
    }
    return outcomes;
  }

  private async run(
    action: RuleAction,
    context: TemplateContext,
    scope: ActionScope,
    pointer: string,
  ): Promise<ActionOutcome> {
    const started = this.deps.now();
    let answer: ActionAnswer;
    try {
      answer = { done: await this.perform(action, context, scope, pointer) };
    } catch (err) {
      answer = { error: errorText(err) };
    }
    return actionOutcome(action, pointer, answer, this.deps.now() - started, scope.secrets);
  }

  /** The action's entry: its plan, then its effect, unless a dry run stops at the plan. */
  private async perform(
    action: RuleAction,
    context: TemplateContext,
    scope: ActionScope,
    pointer: string,
  ): Promise<Partial<ActionOutcome>> {
    const handler = actionHandler(action.type);
    const plan = await handler.plan(action, { context, templates: scope.templates, pointer });
    if (scope.dryRun && handler.dryRun !== undefined) {
      return dryRunOutcome(handler.dryRun(plan), scope.secrets);
    }
    return handler.perform(plan, {
      deps: this.deps,
      scope,
      context,
      pointer,
      run: (inner, innerContext, at) => this.run(inner, innerContext, scope, at),
    });
  }
}
