import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { ValidationError } from '../errors/app-error';
import { checkRule } from './rule-checks';
import { schemaErrorMessage } from './rule-error-message';
import type { RuleInput } from './rule-input';
import { type JsonSchema, RULE_JSON_SCHEMA, RULE_PACK_JSON_SCHEMA } from './rule-json-schema';
import { normaliseRule } from './rule-normalize';
import type { RuleDefinition } from './rule-types';

/** Both schemas, compiled once when this module loads. */
const ajv = new Ajv2020({
  allErrors: false,
  verbose: true,
  discriminator: true,
  allowUnionTypes: true,
  strict: true,
  // A group's `prefixItems` fixes its first item only: [AND|OR, clause, ...].
  strictTuples: false,
});
ajv.addVocabulary(['x-error', 'x-name']);
const ruleSchema = ajv.compile(RULE_JSON_SCHEMA);
const rulePackSchema = ajv.compile(RULE_PACK_JSON_SCHEMA);

/**
 * A rule body (POST /rules, PUT /rules/{id}, a GET answer sent back) -> its normalised
 * definition. Throws ValidationError (400 VALIDATION_ERROR) whose message starts with the JSON
 * pointer of the first offending field.
 */
export function validateRule(body: unknown): RuleDefinition {
  const input = checkBody<RuleInput>(ruleSchema, body, 'The rule');
  checkRule(input);
  // The definition shares no objects with the caller's body.
  return structuredClone(normaliseRule(input));
}

/** The top-level shape of a compact rule-pack rule; rule-pack.ts does the rest. */
export function checkRulePackShape(body: unknown): void {
  checkBody(rulePackSchema, body, 'The rule-pack rule');
}

/** Another body schema (a stored question's) with the rule schema's options and annotations. */
export function compileBodySchema(schema: JsonSchema): ValidateFunction {
  return ajv.compile(schema);
}

/**
 * `body` as `T` if `validate` accepts it; else ValidationError with the first problem, in the
 * messages of rule-error-message.ts (`subject` names the body when the body itself is wrong).
 */
export function checkBody<T>(validate: ValidateFunction, body: unknown, subject: string): T {
  if (!validate(body)) {
    const [first] = validate.errors ?? [];
    throw new ValidationError(first ? schemaErrorMessage(first, subject) : `${subject} is invalid`);
  }
  return body as T;
}
