import assert from 'node:assert/strict';
import { contractComponent } from '../../../src/contract/contract-schemas';
import { INTEGRATION_TYPES } from '../../../src/integrations/integration-api';
import {
  ACTION_TYPE_ALIASES,
  ACTION_TYPES,
  ALERT_LEVELS,
  CONDITION_OPERATORS,
  HTTP_METHODS,
  POLLING_INTERVALS,
  QUERY_VERSIONS,
} from '../../../src/rules/rule-types';

type Schema = Record<string, unknown> & {
  properties?: Record<string, Schema>;
  enum?: unknown[];
  oneOf?: Array<{ $ref: string }>;
};
type Name = Parameters<typeof contractComponent>[0];

const component = (name: Name): Schema => contractComponent(name);
const withoutNull = (values: unknown[] | undefined): unknown[] =>
  (values ?? []).filter((value) => value !== null);

/**
 * openapi.yaml is the one source of these lists (decision 0036); the typed constants the code
 * switches on must say the same.
 */
describe('openapi.yaml enums and the typed constants', () => {
  it('polling intervals, query versions, alert levels and integration types', () => {
    const rule = component('RuleRequest');
    assert.deepEqual(withoutNull(rule.properties?.pollingInterval?.enum), [...POLLING_INTERVALS]);
    const query = component('RuleQuery');
    assert.deepEqual(withoutNull(query.properties?.version?.enum), [...QUERY_VERSIONS]);
    assert.deepEqual(component('AlertLevel').enum, [...ALERT_LEVELS]);
    assert.deepEqual(component('IntegrationType').enum, [...INTEGRATION_TYPES]);
  });

  it('condition operators and webhook methods', () => {
    const clause = component('RuleConditionClause') as { else: { prefixItems: Schema[] } };
    assert.deepEqual(clause.else.prefixItems[1]?.enum, [...CONDITION_OPERATORS]);
    const method = component('WebhookAction').properties?.method as { pattern: string };
    assert.ok(method.pattern.startsWith(`^(?:${HTTP_METHODS.join('|')})$|`), method.pattern);
  });

  it('action types: each branch of RuleAction names its standard type first, then its aliases', () => {
    const branches = (component('RuleAction').oneOf ?? []).map(({ $ref }) => {
      const name = $ref.split('/').pop() as Name;
      return withoutNull(component(name).properties?.type?.enum) as string[];
    });
    assert.deepEqual(
      branches.map(([standard]) => standard),
      [...ACTION_TYPES],
    );
    const aliases = Object.fromEntries(
      branches.flatMap(([standard, ...names]) => names.map((alias) => [alias, standard])),
    );
    assert.deepEqual(aliases, ACTION_TYPE_ALIASES);
  });
});
