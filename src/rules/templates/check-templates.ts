import { jsonPointer } from '../../model/property-rules';
import { transformCalls } from './jexl-ast';
import { compileExpression, ExpressionProblem } from './jexl-engine';
import { isRecord } from './result-items';
import type { RenderOptions } from './template-context';
import { TemplateError, type TemplateProblem } from './template-errors';
import { hasTemplate, scanTemplate, type TemplateSegment } from './template-scan';

/** One thing wrong with a rule's templates or conditions, found without evaluating anything. */
export interface TemplateIssue {
  /** JSON pointer of the string (or condition) at fault, below the caller's `pointer`. */
  pointer: string;
  problem: TemplateProblem | 'condition';
  /** The same message the TemplateError or ConditionError of an evaluation would carry. */
  message: string;
}

/**
 * Every template problem under a JSON value, for rule save time: `{{` never closed, expressions
 * that do not parse, unknown transforms or functions, wrong transform argument counts, and (when
 * `options.templates` is given) `mapTemplate('name')` with a literal name the rule's templates
 * lack. Nothing is evaluated. Check a rule with its `templates` both as the value (pointer
 * `/templates`) and as `options.templates`, and its `operations` likewise (pointer `/operations`).
 */
export function checkTemplates(value: unknown, options: RenderOptions = {}): TemplateIssue[] {
  const pointer = options.pointer ?? '';
  if (typeof value === 'string') return checkText(value, { ...options, pointer });
  const below = (key: string | number, element: unknown) =>
    checkTemplates(element, { ...options, pointer: `${pointer}${jsonPointer(key)}` });
  if (Array.isArray(value)) return value.flatMap((element, i) => below(i, element));
  if (isRecord(value)) return Object.entries(value).flatMap(([key, v]) => below(key, v));
  return [];
}

/** The problems of one bare Jexl expression (a condition path), checked like a template's. */
export function checkExpression(source: string, options: RenderOptions = {}): TemplateIssue[] {
  return checkSegment({ kind: 'expression', source, position: 0 }, source, options);
}

function checkText(text: string, options: RenderOptions): TemplateIssue[] {
  if (!hasTemplate(text)) return [];
  let segments: TemplateSegment[];
  try {
    segments = scanTemplate(text, options.pointer);
  } catch (err) {
    return [issueOf(err, options)];
  }
  return segments.flatMap((segment) =>
    segment.kind === 'expression' ? checkSegment(segment, text, options) : [],
  );
}

function checkSegment(
  segment: Extract<TemplateSegment, { kind: 'expression' }>,
  text: string,
  options: RenderOptions,
): TemplateIssue[] {
  const fail = (problem: ExpressionProblem['problem'], reason: string) =>
    issueOf(
      new TemplateError({
        problem,
        template: text,
        expression: segment.source,
        position: segment.position,
        ...(options.pointer === undefined ? {} : { pointer: options.pointer }),
        reason,
      }),
      options,
    );
  try {
    const { ast } = compileExpression(segment.source);
    const { templates } = options;
    if (templates === undefined) return [];
    return missingTemplates(ast, templates).map((name) =>
      fail(
        'invalid',
        `mapTemplate('${name}') names no template of the rule (its templates: ${Object.keys(templates).join(', ') || 'none'})`,
      ),
    );
  } catch (err) {
    if (err instanceof ExpressionProblem) return [fail(err.problem, err.message)];
    throw err;
  }
}

function missingTemplates(
  ast: ReturnType<typeof compileExpression>['ast'],
  templates: Readonly<Record<string, unknown>>,
): string[] {
  return transformCalls(ast).flatMap(({ name, args }) => {
    const [first] = args;
    if (name !== 'mapTemplate' || first?.type !== 'Literal' || typeof first.value !== 'string') {
      return [];
    }
    const template = Object.hasOwn(templates, first.value) ? templates[first.value] : undefined;
    return typeof template === 'string' ? [] : [first.value];
  });
}

function issueOf(err: unknown, options: RenderOptions): TemplateIssue {
  if (!(err instanceof TemplateError)) throw err;
  return { pointer: options.pointer ?? '', problem: err.problem, message: err.message };
}
