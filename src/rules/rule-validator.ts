import { ValidationError } from '../errors/app-error';
import { expandRulePack } from './rule-pack';
import { checkRuleQueries } from './rule-queries';
import { validateRule } from './rule-schema';
import type { RuleValidator } from './rule-service';
import type { RuleAction, RuleDefinition } from './rule-types';
import { checkExpression, checkTemplates, type TemplateIssue } from './templates/check-templates';
import { checkWhen } from './templates/conditions';

/**
 * What a rule must pass to be saved: the rule schema (or the rule-pack expansion), then every
 * template and condition must parse, then every J1QL query (rule-queries.ts), so that a typo in
 * `{{...}}` or in a query is a 400 at save time rather than a failed evaluation later. The first
 * problem is the message, with its JSON pointer (a rule-pack's queries are its `/queries`).
 */
export const ruleValidator: RuleValidator = {
  validateRule: (body) => withTemplatesChecked(validateRule(body), '/question/queries'),
  expandRulePack: (body) => withTemplatesChecked(expandRulePack(body), '/queries'),
};

function withTemplatesChecked(rule: RuleDefinition, questionPointer: string): RuleDefinition {
  const templates = rule.templates;
  const issues = [
    ...checkTemplates(templates, { templates, pointer: '/templates' }),
    ...rule.operations.flatMap((operation, i) => [
      ...checkWhen(operation.when, { templates, pointer: `/operations/${i}/when` }),
      ...checkTemplates(operation.actions, { templates, pointer: `/operations/${i}/actions` }),
      ...checkTargets(operation.actions, `/operations/${i}/actions`),
    ]),
    ...rule.outputs.flatMap((path, i) =>
      checkExpression(path, { templates, pointer: `/outputs/${i}` }),
    ),
    ...checkRuleQueries(rule, questionPointer),
  ];
  const [first] = issues;
  if (first !== undefined) throw new ValidationError(first.message);
  return rule;
}

/** A name templates can read back: a Jexl identifier that no plain object already has. */
const READABLE_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** SET_PROPERTY's targetProperty, in FOR_EACH_ITEM too, must be a readable name. */
function checkTargets(actions: readonly RuleAction[], pointer: string): TemplateIssue[] {
  return actions.flatMap((action, i): TemplateIssue[] => {
    if (action.type === 'FOR_EACH_ITEM')
      return checkTargets(action.actions, `${pointer}/${i}/actions`);
    if (action.type !== 'SET_PROPERTY') return [];
    const name = action.targetProperty;
    if (READABLE_NAME.test(name) && !(name in Object.prototype)) return [];
    return [
      {
        pointer: `${pointer}/${i}/targetProperty`,
        problem: 'invalid',
        message: `${pointer}/${i}/targetProperty must be a name templates can read (letters, digits, _ and $, not starting with a digit, not a built-in name such as constructor), not ${JSON.stringify(name)}`,
      },
    ];
  });
}
