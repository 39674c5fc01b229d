import type { components } from '../generated/openapi';
import type { ListCondition } from './rule-types';

/**
 * A rule body as openapi.yaml's RuleRequest lets it through (types generated from the spec,
 * src/generated/openapi.ts): aliases not yet resolved, nulls and absent fields not yet defaulted,
 * read-only fields still present. Only the cross-field checks and the normaliser read it.
 */
type Schemas = components['schemas'];
export type RuleRequest = Schemas['RuleRequest'];
export type RuleQueryRequest = Schemas['RuleQuery'];
export type RuleActionRequest = Schemas['RuleAction'];
export type ForEachItemRequest = Schemas['ForEachItemAction'];
export type RulePackRequest = Schemas['RulePackRule'];

/**
 * What the schema's `if`/`then` say and the generated types cannot: a condition's list form is a
 * clause (RuleConditionClause), and `when` is one condition or a list of them.
 */
export type RuleConditionRequest = Omit<Schemas['RuleCondition'], 'condition'> & {
  condition: string | boolean | ListCondition;
};
export type RuleWhenRequest = RuleConditionRequest | RuleConditionRequest[];
