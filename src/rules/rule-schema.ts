import { checkAgainst } from '../contract/contract-schemas';
import { checkRule } from './rule-checks';
import { schemaErrorMessage } from './rule-error-message';
import { normaliseRule } from './rule-normalize';
import type { RulePackRequest, RuleRequest } from './rule-request';
import type { RuleDefinition } from './rule-types';

/**
 * A rule body (POST /rules, PUT /rules/{id}, a GET answer sent back) -> its normalised
 * definition. Throws ValidationError (400 VALIDATION_ERROR) whose message starts with the JSON
 * pointer of the first offending field.
 */
export function validateRule(body: unknown): RuleDefinition {
  const input = checkRuleShape(body);
  checkRule(input);
  // The definition shares no objects with the caller's body.
  return structuredClone(normaliseRule(input));
}

/** openapi.yaml's RuleRequest, with the house messages (the HTTP edge checks this first). */
export function checkRuleShape(body: unknown): RuleRequest {
  return checkAgainst<RuleRequest>('RuleRequest', body, 'The rule', schemaErrorMessage);
}

/** The top-level shape of a compact rule-pack rule (RulePackRule); rule-pack.ts does the rest. */
export function checkRulePackShape(body: unknown): RulePackRequest {
  return checkAgainst<RulePackRequest>(
    'RulePackRule',
    body,
    'The rule-pack rule',
    schemaErrorMessage,
  );
}
