import { checkExpression, checkTemplates, type TemplateIssue } from './check-templates';
import { type CompareOperator, type ConditionNode, parseWhen } from './condition-parse';
import { evaluateExpression, renderTemplate } from './render';
import type { RenderOptions, TemplateContext } from './template-context';
import { ConditionError } from './template-errors';
import { hasTemplate, scanTemplate, singleExpression } from './template-scan';

/**
 * Whether a RuleOperation's `when` holds (docs/guide/rules.md, "Operations and conditions"), with
 * `options.pointer` the pointer of the `when` (e.g. `/operations/0/when`) for errors:
 * - `when` is a FILTER condition, or a list of them that must ALL hold (an empty list, a missing
 *   or null `when` always holds);
 * - a literal `true` / `false` is itself;
 * - a template string of exactly one `{{expression}}` holds when the value is truthy (JavaScript
 *   truthiness, as Jexl's `&&`, `?:` and filters use); any other string (text around or between
 *   expressions, or no expression) must render to `true` or `false` (case and surrounding
 *   whitespace ignored; empty text is false), else it is a ConditionError, as `"{{a}} > 0"` is a
 *   mistake that would otherwise always hold;
 * - a `[path, op, value]` triple compares the path's value (a Jexl expression such as
 *   `queries.query0.total`, or a template) with the value (rendered when it is a template string)
 *   using Jexl's operators: `=` and `==` are `==` (loose), `!=` loose, `> < >= <=` as in
 *   JavaScript, so a missing path (`undefined > 0`) is false;
 * - `['AND' | 'OR', clause, ...]` groups nest, evaluated left to right with short-circuiting.
 * Rejects with a ConditionError (malformed condition) or a TemplateError (template problem, or
 * an expression that reads a secret parameter: docs/guide/rules.md, "Secret parameters").
 */
export async function evaluateWhen(
  when: unknown,
  context: TemplateContext,
  options: RenderOptions = {},
): Promise<boolean> {
  // Whether a condition holds is seen (the actions ran or not): it may read no secret.
  const refusing: RenderOptions = { ...options, secrets: 'refuse' };
  for (const condition of parseWhen(when, options.pointer ?? '')) {
    if (!(await holds(condition, context, refusing))) return false;
  }
  return true;
}

/**
 * Every problem of a `when` found without evaluating it: its shape (at most the first
 * ConditionError), then the templates and paths inside it, as checkTemplates reports them.
 */
export function checkWhen(when: unknown, options: RenderOptions = {}): TemplateIssue[] {
  let conditions: ConditionNode[];
  try {
    conditions = parseWhen(when, options.pointer ?? '');
  } catch (err) {
    if (!(err instanceof ConditionError)) throw err;
    const pointer = typeof err.details?.pointer === 'string' ? err.details.pointer : '';
    return [{ pointer, problem: 'condition', message: err.message }];
  }
  return conditions.flatMap((condition) => checkNode(condition, options));
}

function checkNode(node: ConditionNode, options: RenderOptions): TemplateIssue[] {
  const at = (pointer: string): RenderOptions => ({ ...options, pointer });
  switch (node.kind) {
    case 'boolean':
      return [];
    case 'template':
      return checkTemplates(node.text, at(node.pointer));
    case 'compare':
      return [
        ...(hasTemplate(node.path)
          ? checkTemplates(node.path, at(`${node.pointer}/0`))
          : checkExpression(node.path, at(`${node.pointer}/0`))),
        ...checkTemplates(node.value, at(`${node.pointer}/2`)),
      ];
    case 'group':
      return node.clauses.flatMap((clause) => checkNode(clause, options));
  }
}

async function holds(
  node: ConditionNode,
  context: TemplateContext,
  options: RenderOptions,
): Promise<boolean> {
  const at = (pointer: string): RenderOptions => ({ ...options, pointer });
  switch (node.kind) {
    case 'boolean':
      return node.value;
    case 'template':
      return templateHolds(node.text, context, at(node.pointer));
    case 'compare': {
      const left = hasTemplate(node.path)
        ? await renderTemplate(node.path, context, at(`${node.pointer}/0`))
        : await evaluateExpression(node.path, context, at(`${node.pointer}/0`));
      const right =
        typeof node.value === 'string'
          ? await renderTemplate(node.value, context, at(`${node.pointer}/2`))
          : node.value;
      return compare(left, node.operator, right);
    }
    case 'group':
      for (const clause of node.clauses) {
        const result = await holds(clause, context, options);
        if (node.operator === 'OR' && result) return true;
        if (node.operator === 'AND' && !result) return false;
      }
      return node.operator === 'AND';
  }
}

async function templateHolds(
  text: string,
  context: TemplateContext,
  options: RenderOptions,
): Promise<boolean> {
  const single = hasTemplate(text) && singleExpression(scanTemplate(text, options.pointer));
  const value = await renderTemplate(text, context, options);
  if (single) return Boolean(value);
  const word = String(value).trim().toLowerCase();
  if (word === 'true') return true;
  if (word === 'false' || word === '') return false;
  const shown = String(value).length > 80 ? `${String(value).slice(0, 80)}...` : String(value);
  throw new ConditionError(
    options.pointer ?? '',
    `the condition renders to the text ${JSON.stringify(shown)}, which is neither true nor false; write it as one {{expression}}, e.g. "{{queries.query0.total > 0}}"`,
  );
}

/** Jexl's own comparison semantics (its `==` is JavaScript's loose equality). */
function compare(left: unknown, operator: CompareOperator, right: unknown): boolean {
  const [a, b] = [left as number, right as number];
  switch (operator) {
    case '=':
    case '==':
      return a == b;
    case '!=':
      return a != b;
    case '>':
      return a > b;
    case '<':
      return a < b;
    case '>=':
      return a >= b;
    case '<=':
      return a <= b;
  }
}
