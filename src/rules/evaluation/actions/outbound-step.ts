import type { RuleAction } from '../../rule-types';
import { renderDeep } from '../../templates/render';
import type { ActionOutcome } from '../evaluation-record';
import type { OutboundActionResult, OutboundActionType } from '../outbound-action';
import { redact } from '../redact';
import type { ActionHandler } from './action-handler';

/** An action that leaves graphsync (email, chat, tickets, webhooks, topics, queues). */
export type OutboundAction = Extract<RuleAction, { type: OutboundActionType }>;

/**
 * Every outbound action type: the action's fields, every template under them rendered (type and
 * id left out), handed to the deployment's sender for that type (src/actions/*.ts), which checks
 * them and delivers. A dry run records the rendered fields and sends nothing (nor checks them).
 * The fields are rendered twice: `action`, delivered, with the real value of a secret parameter
 * where an expression is the bare reference (`Bearer {{param.token}}`), and `shown`, recorded,
 * with `[secret]` there (docs/guide/rules.md, "Secret parameters").
 */
export interface OutboundPlan {
  type: OutboundActionType;
  action: Record<string, unknown>;
  shown: Record<string, unknown>;
}

export const outboundAction: ActionHandler<OutboundAction, OutboundPlan> = {
  async plan(action, input) {
    const { type, ...fields } = action;
    delete fields.id;
    const render = (secrets: 'hide' | 'reveal') =>
      renderDeep(fields, input.context, {
        templates: input.templates,
        pointer: input.pointer,
        secrets,
      }) as Promise<Record<string, unknown>>;
    const shown = await render('hide');
    return { type, action: await render('reveal'), shown };
  },
  dryRun: (plan) => plan.shown,
  async perform(plan, { deps, scope, context }) {
    const handler = deps.outbound.get(plan.type);
    if (handler === undefined) {
      throw new Error(
        `${plan.type} cannot run: no ${plan.type} sender is configured in this deployment`,
      );
    }
    const done = await handler.execute({
      accountId: scope.accountId,
      rule: scope.rule,
      evaluationId: scope.evaluationId,
      startedOn: scope.startedOn,
      action: plan.action,
      context,
      secrets: scope.secrets,
    });
    return outboundOutcome(plan, done, scope.secrets);
  },
};

/** What the record shows of a delivery: the rendered fields, where it went, what came back. */
export function outboundOutcome(
  plan: Pick<OutboundPlan, 'shown'>,
  done: OutboundActionResult,
  secrets: readonly string[],
): Partial<ActionOutcome> {
  return {
    inputs: redact(plan.shown, secrets),
    ...(done.target === undefined ? {} : { target: redact(done.target, secrets) }),
    ...(done.result === undefined ? {} : { result: redact(done.result, secrets) }),
  };
}
