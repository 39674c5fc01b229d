import jexl from 'jexl';
import {
  findProblem,
  INDEX_FUNCTION,
  type JexlNode,
  MEMBER_FUNCTION,
  rewrite,
  SCOPE_VARIABLE,
  type TransformArity,
} from './jexl-ast';
import { DERIVED_SECRET, isSecret, touchSecret } from './secret-value';
import { TemplateError } from './template-errors';
import { join, length, mapProperty, merge, uniquePropertyValues } from './transforms';

/**
 * The one Jexl instance of graphsync's rule templates (the `jexl` package, 2.3, whose grammar
 * JupiterOne's templates use; docs/guide/rules.md, "Templates"). It provides the template operators
 * natively (`!`, `+ - * / // % ^ && ||`, `== != > >= < <= in`, `a ? b : c`, `x ?: y`, literals,
 * `list[.prop == v]` filters) and adds JupiterOne's transforms. On top of jexl, each parsed
 * expression is checked (findProblem) and rewritten (jexl-ast.ts rewrite): a member of an empty
 * list or of a missing value is `undefined` rather than a TypeError, only own properties are read
 * (`constructor` is undefined), and `mapTemplate` reaches the evaluation scope. Property access on
 * a list still reads its first element, as in jexl (so `[queries.query0.data.finding]` is a
 * one-element list).
 */

/** What an evaluation gives `mapTemplate`: the renderer of the rule's templates (render.ts). */
export interface EvaluationScope {
  mapTemplate(input: unknown, name: unknown): Promise<unknown[]>;
}

/** A parsed, checked expression, ready to evaluate in any number of contexts. */
export interface CompiledExpression {
  readonly source: string;
  /** The tree as parsed (before rewriting), for static checks. */
  readonly ast: JexlNode;
  /** The expression's value; rejects with an ExpressionProblem (`runtime`) or a TemplateError. */
  evaluate(context: Readonly<Record<string, unknown>>, scope: EvaluationScope): Promise<unknown>;
}

/** Why an expression cannot be used; render.ts turns it into a TemplateError with its place. */
export class ExpressionProblem extends Error {
  constructor(
    readonly problem: 'parse' | 'invalid' | 'runtime',
    reason: string,
  ) {
    super(reason);
  }
}

/** The transforms and how many arguments each takes after the piped value. */
export const TRANSFORM_ARITY: TransformArity = {
  mapTemplate: [1, 1],
  mapProperty: [1, Infinity],
  merge: [0, Infinity],
  join: [0, 1],
  uniquePropertyValues: [1, 1],
  length: [0, 0],
};

const engine = new jexl.Jexl();
engine.addTransforms({
  mapTemplate: (input: unknown, name: unknown, scope: unknown) =>
    (scope as EvaluationScope).mapTemplate(input, name),
  mapProperty,
  merge,
  join,
  uniquePropertyValues,
  length,
});
engine.addFunctions({ [MEMBER_FUNCTION]: member, [INDEX_FUNCTION]: index });
// `in` as jexl has it, except that a secret on either side is a read of the secret (taint).
engine.addBinaryOp('in', 20, (left: unknown, right: unknown) => {
  if (isSecret(left) || isSecret(right)) touchSecret();
  if (typeof right === 'string') return right.includes(String(left));
  return Array.isArray(right) ? right.some((element) => element === left) : false;
});

type Expression = ReturnType<typeof engine.compile>;

const CACHE_SIZE = 5000;
const cache = new Map<string, CompiledExpression>();

/**
 * Parses and checks one expression (the text between `{{` and `}}`). Throws ExpressionProblem:
 * `parse` for what Jexl cannot parse (or an empty expression), `invalid` for an unknown transform,
 * a function call or a wrong argument count. Compiled expressions are cached by source text.
 */
export function compileExpression(source: string): CompiledExpression {
  const cached = cache.get(source);
  if (cached !== undefined) return cached;
  const compiled = compile(source);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
  cache.set(source, compiled);
  return compiled;
}

/** The longest expression inside one `{{...}}` (the corpus's longest is 64 characters). */
export const MAX_EXPRESSION_LENGTH = 4000;
/** The deepest nesting of brackets in one expression (jexl parses deep nesting in squared time). */
export const MAX_EXPRESSION_NESTING = 32;

function compile(source: string): CompiledExpression {
  checkSize(source);
  try {
    return compileChecked(source);
  } catch (err) {
    // A chain long enough to overflow the stack while it is parsed or checked.
    if (err instanceof RangeError) {
      throw new ExpressionProblem('invalid', 'the expression is too deeply nested to evaluate');
    }
    throw err;
  }
}

/** Refuses, before parsing, an expression too long or too deeply bracketed to parse quickly. */
function checkSize(source: string): void {
  if (source.length > MAX_EXPRESSION_LENGTH) {
    throw new ExpressionProblem(
      'invalid',
      `the expression is ${source.length} characters long; at most ${MAX_EXPRESSION_LENGTH} are allowed`,
    );
  }
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (quote !== undefined) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '(' || ch === '[' || ch === '{') {
      if (++depth > MAX_EXPRESSION_NESTING) {
        throw new ExpressionProblem(
          'invalid',
          `the expression nests brackets more than ${MAX_EXPRESSION_NESTING} deep`,
        );
      }
    } else if (ch === ')' || ch === ']' || ch === '}') {
      depth--;
    }
  }
}

function compileChecked(source: string): CompiledExpression {
  let expression: Expression;
  try {
    expression = engine.compile(source);
  } catch (err) {
    throw new ExpressionProblem('parse', (err instanceof Error ? err.message : String(err)).trim());
  }
  // The parsed tree is jexl's own object: rewriting it in place is what evaluation then runs.
  const root = expression._getAst() as unknown as JexlNode | null;
  if (root === null) throw new ExpressionProblem('parse', 'the expression is empty');
  const problem = findProblem(root, TRANSFORM_ARITY);
  if (problem !== undefined) throw new ExpressionProblem(problem.problem, problem.reason);
  const ast = structuredClone(root);
  replaceInPlace(root, rewrite(root));
  return {
    source,
    ast,
    evaluate: async (context, scope) => {
      const variables = Object.assign(Object.create(null) as object, context, {
        [SCOPE_VARIABLE]: scope,
      });
      try {
        return (await expression.eval(variables)) as unknown;
      } catch (err) {
        if (err instanceof TemplateError) throw err;
        throw new ExpressionProblem('runtime', err instanceof Error ? err.message : String(err));
      }
    },
  };
}

function replaceInPlace(target: JexlNode, replacement: JexlNode): void {
  const record = target as unknown as Record<string, unknown>;
  for (const key of Object.keys(record)) delete record[key];
  Object.assign(record, replacement);
}

/**
 * `a.b`: jexl reads a list's first element (an empty list has none), then the name among the
 * value's own properties (a string's `length` included).
 */
function member(target: unknown, name: unknown): unknown {
  if (isSecret(target)) return secretRead();
  return ownProperty(Array.isArray(target) ? (target as unknown[])[0] : target, String(name));
}

/** `a[expr]`: a boolean keeps or drops the whole value (as in jexl), anything else is a key. */
function index(subject: unknown, key: unknown): unknown {
  if (isSecret(subject) || isSecret(key)) return secretRead();
  if (typeof key === 'boolean') return key ? subject : undefined;
  return ownProperty(subject, String(key));
}

/** A character, a slice, a member of a secret: opaque, and the expression read a secret. */
function secretRead(): unknown {
  touchSecret();
  return DERIVED_SECRET;
}

function ownProperty(value: unknown, key: string): unknown {
  if (value === undefined || value === null) return undefined;
  return Object.hasOwn(Object(value) as object, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}
