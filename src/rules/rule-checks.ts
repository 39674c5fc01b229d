import { ValidationError } from '../errors/app-error';
import type {
  ForEachItemRequest,
  RuleActionRequest,
  RuleConditionRequest,
  RuleRequest,
  RuleWhenRequest,
} from './rule-request';
import { canonicalActionType } from './rule-normalize';
import { ALERT_LEVELS, type AlertLevel } from './rule-types';

/**
 * The rules of a rule body that one field's schema cannot say: exactly one of question and
 * questionId, a field and its alias, a webhook body only with a method that sends one, and a
 * literal alert level. Runs on a body the JSON Schema accepted; throws the first violation.
 */
export function checkRule(rule: RuleRequest): void {
  checkQuestion(rule);
  rule.operations.forEach((operation, i) => {
    const at = `/operations/${i}`;
    const when = operation.when as RuleWhenRequest;
    if (Array.isArray(when)) when.forEach((c, j) => checkCondition(c, `${at}/when/${j}`));
    else checkCondition(when, `${at}/when`);
    checkActions(operation.actions, `${at}/actions`);
  });
}

function fail(message: string): never {
  throw new ValidationError(message);
}

function given(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function checkQuestion(rule: RuleRequest): void {
  const question = rule.question;
  // Repeated query names are allowed as real rule packs use them: the later result wins.
  if (given(question) && given(rule.questionId)) {
    fail('/questionId is not allowed with /question: a rule runs its own question or a stored one');
  }
  // Neither would be a rule that runs no query, refused like `queries: []` (decision 0032).
  if (!given(question) && !given(rule.questionId)) {
    fail(
      '/question is required, or /questionId naming a stored question: a rule runs at least one query',
    );
  }
}

/** `field` and its `alias` name one thing: exactly one of them is required. */
function fieldOrAlias(
  input: Record<string, unknown>,
  at: string,
  field: string,
  alias: string,
): void {
  if (given(input[field]) && given(input[alias])) {
    fail(
      `${at}/${alias} is not allowed with ${at}/${field}: ${alias} is another name for ${field}`,
    );
  }
  if (!given(input[field]) && !given(input[alias])) fail(`${at}/${field} is required`);
}

function checkCondition(condition: RuleConditionRequest, at: string): void {
  if (given(condition.specVersion) && given(condition.version)) {
    fail(
      `${at}/version is not allowed with ${at}/specVersion: version is another name for specVersion`,
    );
  }
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

function checkActions(actions: RuleActionRequest[], base: string): void {
  actions.forEach((request, i) => {
    const at = `${base}/${i}`;
    // The fields as sent, under either name of the type (the schema checked their shapes).
    const action = request as Record<string, unknown> & { type: string };
    switch (canonicalActionType(action.type)) {
      case 'WEBHOOK': {
        fieldOrAlias(action, at, 'endpoint', 'url');
        const method = action.method as string;
        if (given(action.body) && !method.includes('{{') && !METHODS_WITH_BODY.has(method)) {
          fail(
            `${at}/body is not allowed with method ${method}: only POST, PUT and PATCH send a body`,
          );
        }
        return;
      }
      case 'PUBLISH_TOPIC_MESSAGE':
        return fieldOrAlias(action, at, 'topicResourceName', 'topicArn');
      case 'SET_PROPERTY': {
        const value = action.targetValue;
        if (
          action.targetProperty === 'alertLevel' &&
          !(typeof value === 'string' && (isAlertLevel(value) || value.includes('{{')))
        ) {
          fail(`${at}/targetValue must be one of ${ALERT_LEVELS.join(', ')} (or a {{template}})`);
        }
        return;
      }
      case 'FOR_EACH_ITEM':
        return checkActions((request as ForEachItemRequest).actions, `${at}/actions`);
      default:
        return;
    }
  });
}

function isAlertLevel(value: string): value is AlertLevel {
  return (ALERT_LEVELS as readonly string[]).includes(value);
}
