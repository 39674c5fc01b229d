import { ValidationError } from '../errors/app-error';
import { checkRulePackShape, validateRule } from './rule-schema';
import type { AlertLevel, RuleDefinition, RuleOperation } from './rule-types';

/**
 * The compact rule-pack form of the public rule packs, `{ name, description, queries[],
 * alertLevel?, templates?, operations?, labels?, tags? }`, expanded the way the JupiterOne client
 * provisions it (docs/guide/rules.md, "Rule packs"): specVersion 1, pollingInterval ONE_DAY, the
 * queries as the rule's question, outputs `queries.query0.total` and `alertLevel`, and, unless the
 * pack brings its own operations, one operation that sets `alertLevel` (default HIGH) and creates
 * an alert when query0 returns anything. The result is validated as any rule; error pointers name
 * the pack's own fields (`/queries/0/name`, not `/question/queries/0/name`).
 */
export function expandRulePack(body: unknown): RuleDefinition {
  checkRulePackShape(body);
  const pack = body as RulePack;
  if (pack.operations !== undefined && pack.alertLevel !== undefined) {
    throw new ValidationError(
      "/alertLevel is not allowed with /operations: the pack's own operations set the alert level",
    );
  }
  const { queries, alertLevel, operations, ...rest } = pack;
  const rule = {
    ...rest,
    specVersion: 1,
    pollingInterval: 'ONE_DAY',
    question: { queries },
    operations: operations ?? [defaultOperation(alertLevel ?? 'HIGH')],
    outputs: ['queries.query0.total', 'alertLevel'],
  };
  try {
    return validateRule(rule);
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    throw new ValidationError(err.message.replaceAll('/question/queries', '/queries'));
  }
}

interface RulePack {
  name: unknown;
  description?: unknown;
  queries: unknown[];
  alertLevel?: AlertLevel;
  templates?: unknown;
  operations?: unknown;
  labels?: unknown;
  tags?: unknown;
}

function defaultOperation(alertLevel: AlertLevel): RuleOperation {
  return {
    when: { type: 'FILTER', specVersion: 1, condition: '{{queries.query0.total > 0}}' },
    actions: [
      { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: alertLevel },
      { type: 'CREATE_ALERT' },
    ],
  };
}
