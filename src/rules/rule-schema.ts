import type { ErrorObject } from 'ajv';
import { checkAgainst } from '../contract/contract-schemas';
import { schemaErrorMessage, type SchemaWords } from '../contract/schema-error-message';
import { checkRule } from './rule-checks';
import { normaliseRule } from './rule-normalize';
import type { RulePackRequest, RuleRequest } from './rule-request';
import { ACTION_TYPES, type RuleDefinition } from './rule-types';

/** What a rule's schema does not say: its actions' standard types, and how an action is named. */
const RULE_WORDS: SchemaWords = {
  discriminatorValues: ACTION_TYPES,
  unnamedObject: (data, properties) => {
    const type = (data as { type?: unknown } | undefined)?.type;
    return `a ${typeof type === 'string' ? type : 'this'} action has no such property (it takes ${properties.join(', ')})`;
  },
};

function ruleMessage(error: ErrorObject, subject: string): string {
  return schemaErrorMessage(error, subject, RULE_WORDS);
}

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
  return checkAgainst<RuleRequest>('RuleRequest', body, 'The rule', ruleMessage);
}

/** The top-level shape of a compact rule-pack rule (RulePackRule); rule-pack.ts does the rest. */
export function checkRulePackShape(body: unknown): RulePackRequest {
  return checkAgainst<RulePackRequest>('RulePackRule', body, 'The rule-pack rule', ruleMessage);
}
