import { jsonPointer } from '../../model/property-rules';
import {
  type CompiledExpression,
  compileExpression,
  type EvaluationScope,
  ExpressionProblem,
} from './jexl-engine';
import { asList, flattenItem, isRecord } from './result-items';
import { SECRET_REFUSED, SecretRefused, settle, tracked } from './secret-value';
import type { RenderOptions, TemplateContext } from './template-context';
import { TemplateError } from './template-errors';
import { hasTemplate, scanTemplate, type TemplateSegment } from './template-scan';
import { toText } from './template-text';
import { describeType } from './transforms';

/** How deep `mapTemplate` may nest rule templates (a template that maps itself stops here). */
export const MAX_TEMPLATE_DEPTH = 10;
/** How many rule templates one rendering may render through `mapTemplate`, nested ones included:
 * ten elements mapped ten deep would otherwise be ten billion renders. */
export const MAX_TEMPLATE_RENDERS = 100_000;

type ExpressionSegment = Extract<TemplateSegment, { kind: 'expression' }>;

/**
 * Renders one template string (docs/guide/rules.md, "Templates"):
 * - no `{{` at all: the text unchanged;
 * - exactly one `{{ expr }}` and nothing else (not even whitespace outside the braces): the
 *   expression's value with its type (boolean, number, list, object, `undefined`...);
 * - anything else: a string, each expression's value as text (toText: `undefined`/`null` empty,
 *   lists comma-separated, objects as JSON).
 * A missing path is `undefined`, never an error. Secret parameters follow `options.secrets`
 * (secret-value.ts): by default every value read from one is `[secret]`. A template that does not parse, or whose
 * evaluation fails (an unknown template in `mapTemplate`, a bad transform argument), rejects with
 * a TemplateError naming the expression, its character position and `options.pointer`.
 */
export function renderTemplate(
  text: string,
  context: TemplateContext,
  options: RenderOptions = {},
): Promise<unknown> {
  return render(text, context, withBudget(options), 0);
}

function withBudget(options: RenderOptions): RenderOptions {
  return options.budget === undefined
    ? { ...options, budget: { left: MAX_TEMPLATE_RENDERS } }
    : options;
}

/**
 * Renders every string anywhere under a JSON value (renderTemplate), keeping the structure:
 * lists element by element, objects value by value (keys are never templates), other values as
 * they are. Strings are rendered in document order, so the first failing one is reported, with
 * its JSON pointer below `options.pointer`.
 */
export async function renderDeep(
  value: unknown,
  context: TemplateContext,
  options: RenderOptions = {},
): Promise<unknown> {
  if (typeof value === 'string') return renderTemplate(value, context, options);
  const budgeted = withBudget(options);
  const at = (key: string | number): RenderOptions => ({
    ...budgeted,
    pointer: `${options.pointer ?? ''}${jsonPointer(key)}`,
  });
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const [i, element] of value.entries()) {
      out.push(await renderDeep(element, context, at(i)));
    }
    return out;
  }
  if (isRecord(value)) {
    const out: Array<[string, unknown]> = [];
    for (const [key, element] of Object.entries(value)) {
      out.push([key, await renderDeep(element, context, at(key))]);
    }
    return Object.fromEntries(out);
  }
  return value;
}

/**
 * The value of one bare Jexl expression (no braces), such as the path of a `[path, op, value]`
 * condition, with the same variables, transforms and errors as a template (position 0 of the
 * expression itself).
 */
export function evaluateExpression(
  source: string,
  context: TemplateContext,
  options: RenderOptions = {},
): Promise<unknown> {
  const segment: ExpressionSegment = { kind: 'expression', source, position: 0 };
  const part = { segment, expression: compile(segment, source, options) };
  return evaluate(part, source, context, withBudget(options), 0);
}

interface CompiledPart {
  segment: ExpressionSegment;
  expression: CompiledExpression;
}

async function render(
  text: string,
  context: TemplateContext,
  options: RenderOptions,
  depth: number,
): Promise<unknown> {
  if (!hasTemplate(text)) return text;
  // Every expression is compiled first, so a syntax error is reported before anything runs.
  const parts = scanTemplate(text, options.pointer).map((segment) =>
    segment.kind === 'text'
      ? segment.text
      : { segment, expression: compile(segment, text, options) },
  );
  const [first, ...rest] = parts;
  if (first !== undefined && typeof first !== 'string' && rest.length === 0) {
    const value = await evaluate(first, text, context, options, depth);
    return typeof value === 'function' ? undefined : value;
  }
  let out = '';
  for (const part of parts) {
    out +=
      typeof part === 'string' ? part : toText(await evaluate(part, text, context, options, depth));
  }
  return out;
}

function compile(segment: ExpressionSegment, text: string, options: RenderOptions) {
  try {
    return compileExpression(segment.source);
  } catch (err) {
    throw asTemplateError(err, segment, text, options);
  }
}

async function evaluate(
  { segment, expression }: CompiledPart,
  text: string,
  context: TemplateContext,
  options: RenderOptions,
  depth: number,
): Promise<unknown> {
  try {
    const { value, touched } = await tracked(() =>
      expression.evaluate(context, templateScope(context, options, depth)),
    );
    return settle(value, touched, options.secrets ?? 'hide');
  } catch (err) {
    const problem =
      err instanceof SecretRefused ? new ExpressionProblem('runtime', SECRET_REFUSED) : err;
    throw asTemplateError(problem, segment, text, options);
  }
}

/** `mapTemplate(name)` for one evaluation: the rule's template rendered once per element. */
function templateScope(
  context: TemplateContext,
  options: RenderOptions,
  depth: number,
): EvaluationScope {
  return {
    mapTemplate: async (input, name) => {
      const templates = options.templates ?? {};
      if (typeof name !== 'string') {
        throw new Error(`mapTemplate takes a template name (a string), not ${describeType(name)}`);
      }
      const template = Object.hasOwn(templates, name) ? templates[name] : undefined;
      if (typeof template !== 'string') {
        const names = Object.keys(templates).join(', ') || 'none';
        throw new Error(`the rule has no template '${name}' (its templates: ${names})`);
      }
      if (depth >= MAX_TEMPLATE_DEPTH) {
        throw new Error(
          `mapTemplate('${name}') nests templates more than ${MAX_TEMPLATE_DEPTH} deep (does a template map itself?)`,
        );
      }
      const items = asList(input);
      const budget = options.budget ?? { left: MAX_TEMPLATE_RENDERS };
      const inner: RenderOptions = {
        templates,
        pointer: `/templates${jsonPointer(name)}`,
        budget,
        // What the enclosing expression gets: it decides, with its own taint, what is shown.
        secrets: 'keep',
      };
      const out: unknown[] = [];
      for (const [itemIndex, element] of items.entries()) {
        if (--budget.left < 0) {
          throw new Error(
            `mapTemplate('${name}') would render more than ${MAX_TEMPLATE_RENDERS} templates in one value`,
          );
        }
        const itemContext = { ...context, item: flattenItem(element), itemIndex };
        out.push(
          await render(template, { ...itemContext, itemCount: items.length }, inner, depth + 1),
        );
      }
      return out;
    },
  };
}

function asTemplateError(
  err: unknown,
  segment: ExpressionSegment,
  text: string,
  options: RenderOptions,
): unknown {
  if (!(err instanceof ExpressionProblem)) return err;
  return new TemplateError({
    problem: err.problem,
    template: text,
    expression: segment.source,
    position: segment.position,
    ...(options.pointer === undefined ? {} : { pointer: options.pointer }),
    reason: err.message,
  });
}
