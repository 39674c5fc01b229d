import type { components } from '../../../../src/generated/openapi';

export type Rule = components['schemas']['Rule'];
export type RuleRequest = components['schemas']['RuleRequest'];

/** The service's own fields of a stored rule: shown beside the editor, not in it. */
const SERVICE_FIELDS = ['id', 'version', 'createdOn', 'updatedOn', 'state'] as const;

/** A stored rule as the editor shows it: its definition only, indented. */
export function ruleText(rule: Rule): string {
  const definition: Record<string, unknown> = { ...rule };
  for (const field of SERVICE_FIELDS) delete definition[field];
  return JSON.stringify(definition, null, 2);
}

/** What a new rule starts from: one query and an alert when it finds anything. */
export const NEW_RULE_TEXT = JSON.stringify(
  {
    name: 'new-rule',
    description: '',
    pollingInterval: 'ONE_DAY',
    question: { queries: [{ name: 'query0', query: 'FIND aws_s3_bucket WITH encrypted != true' }] },
    operations: [
      {
        when: { type: 'FILTER', condition: '{{queries.query0.total > 0}}' },
        actions: [
          { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'HIGH' },
          { type: 'CREATE_ALERT' },
        ],
      },
    ],
  },
  null,
  2,
);

/**
 * The editor's text as a rule body. Bad JSON never reaches the API: the editor's linter marks
 * it, and the buttons say so in words (the API's schema checks the rest).
 */
export function parseRule(text: string): RuleRequest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new Error(`The rule is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error('The rule must be a JSON object.');
  return parsed as RuleRequest;
}
