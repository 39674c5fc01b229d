import { AppError } from '../../errors/app-error';

/**
 * Why a template could not be used:
 * - `unclosed`: a `{{` with no matching `}}`;
 * - `parse`: the expression is not Jexl (or is empty);
 * - `invalid`: it parses but names a transform or function that does not exist, or gives a
 *   transform the wrong number of arguments;
 * - `runtime`: evaluating it failed (e.g. `mapTemplate` of a template the rule does not have).
 */
export type TemplateProblem = 'unclosed' | 'parse' | 'invalid' | 'runtime';

export interface TemplateErrorInput {
  problem: TemplateProblem;
  /** The whole template text the expression sits in. */
  template: string;
  /** The expression between the braces, as written (empty for `unclosed`). */
  expression: string;
  /** 0-based character offset of the expression's `{{` in the template. */
  position: number;
  /** JSON pointer of the template in the rule, when the caller said it. */
  pointer?: string;
  /** What went wrong, for people. */
  reason: string;
}

/**
 * A template that does not parse or fails to evaluate: a 400 VALIDATION_ERROR whose message
 * quotes the expression and says where it is, and whose details carry the same for clients.
 */
export class TemplateError extends AppError {
  readonly problem: TemplateProblem;

  constructor(input: TemplateErrorInput) {
    super('VALIDATION_ERROR', describe(input), {
      details: {
        problem: input.problem,
        template: input.template,
        expression: input.expression,
        position: input.position,
        ...(input.pointer === undefined ? {} : { pointer: input.pointer }),
      },
    });
    this.problem = input.problem;
  }
}

/** A `when` condition that has none of the three forms, or whose value is not a boolean. */
export class ConditionError extends AppError {
  constructor(pointer: string, reason: string) {
    super('VALIDATION_ERROR', `${pointer === '' ? 'Condition' : pointer}: ${reason}`, {
      details: { pointer },
    });
  }
}

function describe(input: TemplateErrorInput): string {
  const at = input.pointer === undefined || input.pointer === '' ? '' : `at ${input.pointer}, `;
  const where = `(${at}character ${input.position})`;
  const quoted = `{{${input.expression}}}`;
  switch (input.problem) {
    case 'unclosed':
      return `Template has a {{ that is never closed by }} ${where}`;
    case 'parse':
      return `Template ${quoted} does not parse: ${input.reason} ${where}`;
    case 'invalid':
      return `Template ${quoted} is invalid: ${input.reason} ${where}`;
    case 'runtime':
      return `Template ${quoted} failed: ${input.reason} ${where}`;
  }
}
