import { normaliseQuery } from '../questions/question-query';
import type {
  ForEachItemRequest,
  RuleActionRequest,
  RuleConditionRequest,
  RuleRequest,
  RuleWhenRequest,
} from './rule-request';
import {
  ACTION_TYPE_ALIASES,
  type ActionType,
  type FilterCondition,
  type RuleAction,
  type RuleDefinition,
  type RuleOperation,
} from './rule-types';

/**
 * A checked rule body -> the rule definition graphsync stores and runs: the standard action type
 * and field names (docs/guide/rules.md, "Actions"), defaults filled in (pollingInterval ONE_DAY,
 * query names `query<index>`, version v1, includeDeleted false, empty templates, outputs and tags,
 * FOR_EACH_ITEM's itemRef `item`), nulls read as "not given", read-only fields left behind.
 */
export function normaliseRule(input: RuleRequest): RuleDefinition {
  const source =
    typeof input.questionId === 'string'
      ? { questionId: input.questionId }
      : { question: { queries: (input.question?.queries ?? []).map(normaliseQuery) } };
  return {
    name: input.name,
    ...optional('description', input.description),
    specVersion: 1,
    pollingInterval: input.pollingInterval ?? 'ONE_DAY',
    ...source,
    operations: input.operations.map(normaliseOperation),
    templates: input.templates ?? {},
    outputs: input.outputs ?? [],
    notifyOnFailure: input.notifyOnFailure ?? false,
    triggerActionsOnNewEntitiesOnly: input.triggerActionsOnNewEntitiesOnly ?? false,
    ...optional('ignorePreviousResults', input.ignorePreviousResults),
    tags: input.tags ?? [],
    ...optional('labels', input.labels),
    ...optional('remediationSteps', input.remediationSteps),
    ...optional('resourceGroupId', input.resourceGroupId),
  };
}

/** The standard name of an action type, given that name or an alias. */
export function canonicalActionType(type: string): ActionType {
  return (ACTION_TYPE_ALIASES as Record<string, ActionType>)[type] ?? (type as ActionType);
}

function optional<K extends string, V>(key: K, value: V | null | undefined): { [k in K]?: V } {
  return value === undefined || value === null ? {} : ({ [key]: value } as { [k in K]?: V });
}

function normaliseOperation(operation: RuleRequest['operations'][number]): RuleOperation {
  const when = operation.when as RuleWhenRequest;
  return {
    when: Array.isArray(when) ? when.map(normaliseCondition) : normaliseCondition(when),
    actions: operation.actions.map(normaliseAction),
  };
}

function normaliseCondition(condition: RuleConditionRequest): FilterCondition {
  const specVersion = condition.specVersion ?? condition.version;
  return {
    type: 'FILTER',
    ...(specVersion === undefined ? {} : { specVersion }),
    condition: condition.condition,
  };
}

/** Aliased fields: WEBHOOK `url` is `endpoint`, PUBLISH_SNS_MESSAGE's `topicArn` is `topicResourceName`. */
const FIELD_ALIASES: Record<string, string> = { url: 'endpoint', topicArn: 'topicResourceName' };

function normaliseAction(action: RuleActionRequest): RuleAction {
  const type = canonicalActionType(action.type);
  const fields: Record<string, unknown> = Object.fromEntries(
    Object.entries(action)
      .filter(([field]) => field !== 'type')
      .map(([field, value]) => [FIELD_ALIASES[field] ?? field, value]),
  );
  if (type === 'FOR_EACH_ITEM') {
    const forEach = action as ForEachItemRequest;
    fields.itemRef = forEach.itemRef ?? 'item';
    fields.actions = forEach.actions.map(normaliseAction);
  }
  // `type` and `id` first, then the fields in the order given.
  return { type, ...optional('id', action.id), ...fields } as RuleAction;
}
