import type { NextFunction, Request, Response } from 'express';
import {
  checkIntegrationCreateShape,
  checkIntegrationUpdateShape,
} from '../integrations/integration-schema';
import { checkQuestionShape } from '../questions/question-schema';
import { checkRulePackShape, checkRuleShape } from '../rules/rule-schema';
import { checkSubscriptionShape } from '../subscriptions/subscription-input';
import type { Operation } from './route-table';

/**
 * The request body components whose 400 messages are the house's (JSON pointer first, the words
 * of their `x-error` / `x-name` annotations), each checked by the schema compiled from the loaded
 * openapi.yaml (src/contract). Throws ValidationError, rendered by error-handler.ts.
 */
const HOUSE_CHECKED: Record<string, (body: unknown) => unknown> = {
  RuleRequest: checkRuleShape,
  RulePackRule: checkRulePackShape,
  QuestionRequest: checkQuestionShape,
  IntegrationCreateRequest: checkIntegrationCreateShape,
  IntegrationUpdateRequest: checkIntegrationUpdateShape,
  SubscriptionRequest: checkSubscriptionShape,
};

/** The components checked here, each compiled by the house Ajv on first use. */
export const HOUSE_CHECKED_SCHEMAS: readonly string[] = Object.keys(HOUSE_CHECKED);

/**
 * Bodies that carry one of them in a property (a dry run's `rule`): checked there when the
 * property is an object, with pointers relative to it, as the service reports them.
 */
const HOUSE_CHECKED_PROPERTIES: Record<string, { property: string; schema: string }> = {
  DryRunRequest: { property: 'rule', schema: 'RuleRequest' },
};

/**
 * Placed before express-openapi-validator: for an operation whose JSON body is one of the
 * components above, the body is checked here first, so that a bad body gets the house message
 * (`/operations/0/actions/1/type must be one of ...`) rather than the validator's generic one.
 * The validator then checks the same schema from the same document and passes (decision 0036).
 */
export function checkContractBodies(req: Request, res: Response, next: NextFunction): void {
  const name = (res.locals.operation as Operation).requestBodySchema;
  if (name === undefined || !req.is('application/json')) return next();
  const direct = HOUSE_CHECKED[name];
  if (direct !== undefined) {
    direct(req.body);
    return next();
  }
  const nested = HOUSE_CHECKED_PROPERTIES[name];
  const body = req.body as Record<string, unknown> | undefined;
  const value = nested === undefined ? undefined : body?.[nested.property];
  if (nested !== undefined && typeof value === 'object' && value !== null && !Array.isArray(value))
    HOUSE_CHECKED[nested.schema]!(value);
  next();
}
