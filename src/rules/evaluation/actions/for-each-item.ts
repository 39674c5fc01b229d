import type { ForEachItemAction, RuleAction } from '../../rule-types';
import { asList } from '../../templates/result-items';
import type { TemplateContext } from '../../templates/template-context';
import type { ActionOutcome } from '../evaluation-record';
import { type ActionHandler, renderField } from './action-handler';

/**
 * FOR_EACH_ITEM (docs/guide/actions-and-integrations.md, "SERVICE_QUERY and FOR_EACH_ITEM"): the
 * inner actions once per item of the rendered `items`, with the item under `itemRef`; SERVICE_QUERY
 * actions first, so the others can read their results. Each item works on its own copy of the
 * variables. Its inner actions each decide what a dry run does.
 */
export interface ForEachItemPlan {
  itemRef: string;
  items: unknown[];
  /** The inner actions in the order they run, each with its index in the rule. */
  actions: Array<{ action: RuleAction; index: number }>;
}

export type ItemOutcomes = NonNullable<ActionOutcome['items']>;

export const forEachItem: ActionHandler<ForEachItemAction, ForEachItemPlan> = {
  async plan(action, input) {
    const items = asList(await renderField(action.items, 'items', input));
    return { itemRef: action.itemRef, items, actions: innerOrder(action.actions) };
  },
  async perform(plan, { context, scope, pointer, run }) {
    const results: ItemOutcomes = [];
    for (const [index, item] of plan.items.entries()) {
      const variables = itemContext(context, plan.itemRef, item);
      const outcomes: ActionOutcome[] = [];
      for (const { action, index: i } of plan.actions) {
        outcomes.push(await run(action, variables, `${pointer}/actions/${i}`));
      }
      results.push({ index, actions: outcomes });
    }
    return forEachOutcome(plan, results, scope.dryRun);
  },
};

/** SERVICE_QUERY actions first, then the others, each group in the rule's order. */
export function innerOrder(actions: readonly RuleAction[]): ForEachItemPlan['actions'] {
  const indexed = actions.map((action, index) => ({ action, index }));
  return [
    ...indexed.filter(({ action }) => action.type === 'SERVICE_QUERY'),
    ...indexed.filter(({ action }) => action.type !== 'SERVICE_QUERY'),
  ];
}

/** One item's copy of the variables: what its actions set stays with it. */
export function itemContext(
  context: TemplateContext,
  itemRef: string,
  item: unknown,
): TemplateContext {
  return { ...context, queries: { ...context.queries }, [itemRef]: item };
}

/**
 * The FOR_EACH_ITEM's own outcome: FAILED when an inner action failed for some item, DRY_RUN in a
 * dry run (whatever failed), with the item count and each item's inner outcomes.
 */
export function forEachOutcome(
  plan: Pick<ForEachItemPlan, 'itemRef' | 'items'>,
  results: ItemOutcomes,
  dryRun: boolean,
): Partial<ActionOutcome> {
  const failed = results.some((r) => r.actions.some((a) => a.status === 'FAILED'));
  return {
    ...(failed ? { status: 'FAILED' as const, error: 'an action failed for some item' } : {}),
    ...(dryRun ? { status: 'DRY_RUN' as const } : {}),
    inputs: { items: plan.items.length, itemRef: plan.itemRef },
    items: results,
  };
}
