import { ValidationError } from '../errors/app-error';
import { expandRulePack } from './rule-pack';
import { validateRule } from './rule-schema';
import type { RuleValidator } from './rule-service';
import type { RuleDefinition } from './rule-types';
import { checkTemplates } from './templates/check-templates';
import { checkWhen } from './templates/conditions';

/**
 * What a rule must pass to be saved: the rule schema (or the rule-pack expansion), then every
 * template and condition must parse, so that a typo in `{{...}}` is a 400 at save time rather than
 * a failed evaluation later. The first problem is the message, with its JSON pointer.
 */
export const ruleValidator: RuleValidator = {
  validateRule: (body) => withTemplatesChecked(validateRule(body)),
  expandRulePack: (body) => withTemplatesChecked(expandRulePack(body)),
};

function withTemplatesChecked(rule: RuleDefinition): RuleDefinition {
  const templates = rule.templates;
  const issues = [
    ...checkTemplates(templates, { templates, pointer: '/templates' }),
    ...rule.operations.flatMap((operation, i) => [
      ...checkWhen(operation.when, { templates, pointer: `/operations/${i}/when` }),
      ...checkTemplates(operation.actions, { templates, pointer: `/operations/${i}/actions` }),
    ]),
  ];
  const [first] = issues;
  if (first !== undefined) throw new ValidationError(first.message);
  return rule;
}
