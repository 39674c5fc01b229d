import type { JsonValue, ListCondition, RuleLabel } from './rule-types';

/**
 * A rule body as the JSON Schema lets it through (rule-json-schema.ts): aliases not yet
 * resolved, nulls and absent fields not yet defaulted, read-only fields still present. Only the
 * cross-field checks and the normaliser read it.
 */
export interface RuleInput {
  name: string;
  description?: string | null;
  specVersion?: 0 | 1 | null;
  pollingInterval?: string | null;
  question?: { queries: QueryInput[] } | null;
  questionId?: string | null;
  operations: OperationInput[];
  templates?: Record<string, string> | null;
  outputs?: string[] | null;
  notifyOnFailure?: boolean | null;
  triggerActionsOnNewEntitiesOnly?: boolean | null;
  ignorePreviousResults?: boolean | null;
  tags?: string[] | null;
  labels?: RuleLabel[] | null;
  remediationSteps?: string | null;
  resourceGroupId?: string | null;
}

export interface QueryInput {
  name?: string | null;
  query: string;
  version?: string | null;
  includeDeleted?: boolean | null;
}

export interface ConditionInput {
  type: 'FILTER';
  specVersion?: number;
  version?: number;
  condition: string | boolean | ListCondition;
}

export interface OperationInput {
  when: ConditionInput | ConditionInput[];
  actions: ActionInput[];
}

/** Any action type, under its standard name or an alias, with its fields as sent. */
export interface ActionInput {
  type: string;
  id?: string;
  [field: string]: JsonValue | ActionInput[] | undefined;
}

export interface ForEachItemInput extends ActionInput {
  itemRef?: string;
  actions: ActionInput[];
}
