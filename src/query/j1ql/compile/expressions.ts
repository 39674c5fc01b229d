import type { Expr } from '../ast';
import { InvalidQueryError } from '../query-errors';
import { isAsOf, valueAt, withHistory } from './as-of';
import { type Params, property } from './cypher-text';
import { asList } from './filters';
import type { Binding, Scope } from './scope';

export const AGGREGATES = new Set(['count', 'min', 'max', 'avg', 'sum']);

/** Row-level functions and how many arguments each takes. */
const SCALARS: Record<string, { min: number; max: number }> = {
  concat: { min: 1, max: Infinity },
  merge: { min: 1, max: Infinity },
  coalesce: { min: 1, max: Infinity },
  abs: { min: 1, max: 1 },
  sqrt: { min: 1, max: 1 },
  ceil: { min: 1, max: 1 },
  floor: { min: 1, max: 1 },
  round: { min: 1, max: 2 },
};

export interface ExprContext {
  params: Params;
  scope: Scope;
  clause: string;
}

export function hasAggregate(expr: Expr): boolean {
  switch (expr.kind) {
    case 'call':
      return AGGREGATES.has(expr.name.toLowerCase()) || expr.args.some(hasAggregate);
    case 'binary':
      return hasAggregate(expr.left) || hasAggregate(expr.right);
    case 'negate':
      return hasAggregate(expr.operand);
    default:
      return false;
  }
}

/**
 * Text that reads as a number (docs/guide/j1ql.md, "Numbers in expressions and aggregates"):
 * decimal digits with an optional sign, fraction and exponent, and whitespace around them. Java's
 * own number reading (behind Neo4j's `toFloat`) would also take `NaN`, `Infinity`, `7d` and hex,
 * so the text must match this first.
 */
const NUMERIC_TEXT = '\\s*[+-]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][+-]?[0-9]+)?\\s*';

/** Functions that take and give numbers. */
const NUMERIC_FUNCTIONS = new Set(['abs', 'sqrt', 'ceil', 'floor', 'round']);

/**
 * RETURN arithmetic and functions as Cypher. Arithmetic, the numeric functions and SUM, AVG, MIN
 * and MAX read every operand by one rule ({@link compileNumber}), so mixed data gives numbers or
 * null, never a database type error. Division and modulo by zero give null. Aggregates count and
 * combine distinct entities, so the several paths that reach one entity count it once
 * (docs/guide/j1ql.md, "RETURN").
 */
export function compileExpr(expr: Expr, ctx: ExprContext): string {
  switch (expr.kind) {
    case 'number':
    case 'string':
      return ctx.params.add(expr.value);
    case 'negate':
    case 'binary':
      return compileNumber(expr, ctx);
    case 'selector': {
      if (expr.star)
        throw new InvalidQueryError(
          `${expr.segments.join('.')}.* cannot be used in an expression`,
          expr.at,
        );
      const binding = ctx.scope.resolve(expr.segments[0] as string, ctx.clause, expr.at);
      return expr.segments.length === 1
        ? binding.variable
        : property(binding.variable, expr.segments.slice(1).join('.'));
    }
    case 'call':
      return compileCall(expr, ctx);
  }
}

/**
 * An expression as a float or null: a number is itself, text that matches {@link NUMERIC_TEXT}
 * is the number it reads as, and anything else (other text, a boolean, a list, a map, null) is
 * null. Arithmetic results, numeric functions and aggregates are numbers already.
 */
function compileNumber(expr: Expr, ctx: ExprContext): string {
  switch (expr.kind) {
    case 'number':
      return ctx.params.add(expr.value);
    case 'negate':
      return `-(${compileNumber(expr.operand, ctx)})`;
    case 'binary': {
      const left = compileNumber(expr.left, ctx);
      const right = compileNumber(expr.right, ctx);
      if (expr.op === '/' || expr.op === '%') {
        return `(${left} ${expr.op} nullIf(${right}, 0))`;
      }
      return `(${left} ${expr.op} ${right})`;
    }
    case 'call': {
      const name = expr.name.toLowerCase();
      // COUNT is an integer; Neo4j divides integers as integers.
      if (name === 'count') return `toFloat(${compileCall(expr, ctx)})`;
      if (AGGREGATES.has(name) || NUMERIC_FUNCTIONS.has(name)) return compileCall(expr, ctx);
      return asNumber(compileExpr(expr, ctx), ctx, false);
    }
    default:
      return asNumber(compileExpr(expr, ctx), ctx, true);
  }
}

/**
 * A value as a float or null, by the rule of {@link compileNumber}. A `simple` value (a property
 * or a parameter) is cheap to name twice; any other is bound once.
 */
function asNumber(value: string, ctx: ExprContext, simple: boolean): string {
  const pattern = ctx.params.add(NUMERIC_TEXT);
  const read = (v: string): string =>
    `CASE WHEN ${v} IS :: STRING AND NOT ${v} =~ ${pattern} THEN null ELSE toFloatOrNull(${v}) END`;
  return simple ? read(value) : `head([num IN [${value}] | ${read('num')}])`;
}

function compileCall(call: Extract<Expr, { kind: 'call' }>, ctx: ExprContext): string {
  const name = call.name.toLowerCase();
  if (AGGREGATES.has(name)) return compileAggregate(call, name, ctx);
  const arity = SCALARS[name];
  if (arity === undefined) throw new InvalidQueryError(`Unknown function '${call.name}'`, call.at);
  if (call.args.length < arity.min || call.args.length > arity.max) {
    throw new InvalidQueryError(`${call.name.toUpperCase()} takes ${arityText(arity)}`, call.at);
  }
  if (NUMERIC_FUNCTIONS.has(name)) {
    return `${name}(${call.args.map((a) => compileNumber(a, ctx)).join(', ')})`;
  }
  const args = call.args.map((a) => compileExpr(a, ctx));
  switch (name) {
    case 'concat':
      // A string literal is text already (and Neo4j type-checks parameters: no round() on it).
      return `(${args.map((a, i) => `coalesce(${call.args[i]?.kind === 'string' ? a : text(a)}, '')`).join(' + ')})`;
    case 'merge':
      // Values and lists into one list, absent values left out.
      return `(${args.map(asList).join(' + ')})`;
    default:
      return `${name}(${args.join(', ')})`;
  }
}

function arityText(arity: { min: number; max: number }): string {
  if (arity.max === Infinity) return `at least ${arity.min} argument${arity.min === 1 ? '' : 's'}`;
  if (arity.min === arity.max) return `${arity.min} argument${arity.min === 1 ? '' : 's'}`;
  return `${arity.min} to ${arity.max} arguments`;
}

function compileAggregate(
  call: Extract<Expr, { kind: 'call' }>,
  name: string,
  ctx: ExprContext,
): string {
  const fn = name.toUpperCase();
  const arg = call.args[0];
  if (call.args.length !== 1 || arg === undefined)
    throw new InvalidQueryError(`${fn} takes one argument`, call.at);
  if (hasAggregate(arg))
    throw new InvalidQueryError(`${fn} cannot contain another aggregate`, call.at);
  if (arg.kind !== 'selector') {
    // An expression (AVG(i.resolvedOn - i.createdOn)) aggregates over the matched rows; Neo4j's
    // aggregates leave the nulls (values that are no number) out.
    if (name === 'count') return `count(DISTINCT ${compileExpr(arg, ctx)})`;
    return `${name}(${compileNumber(arg, ctx)})`;
  }
  if (arg.star) throw new InvalidQueryError(`${fn} cannot take alias.*`, call.at);
  const binding: Binding = ctx.scope.resolve(arg.segments[0] as string, ctx.clause, arg.at);
  const v = binding.variable;
  if (arg.segments.length === 1) {
    if (name !== 'count')
      throw new InvalidQueryError(`${fn} needs alias.property, not a whole alias`, call.at);
    return `count(DISTINCT ${v})`;
  }
  const prop = arg.segments.slice(1).join('.');
  if (name === 'count') return `count(DISTINCT ${property(v, prop)})`;
  // The property's numbers over the distinct entities of the group; values that are no number
  // are left out, as nulls are.
  // As of T (as-of.ts), each entity is collected with its later changes and read at T.
  const each = isAsOf(v)
    ? asNumber(valueAt('x.o', prop, property('x.o', prop), 'x.h'), ctx, true)
    : asNumber(property('x', prop), ctx, true);
  const collected = isAsOf(v) ? withHistory(v) : v;
  const values = `[y IN [x IN collect(DISTINCT ${collected}) | ${each}] WHERE y IS NOT NULL]`;
  const sum = (list: string): string => `reduce(s = 0.0, y IN ${list} | s + y)`;
  switch (name) {
    case 'sum':
      return sum(values);
    case 'avg':
      return `head([ys IN [${values}] | CASE WHEN size(ys) = 0 THEN null ELSE ${sum('ys')} / size(ys) END])`;
    case 'min':
      return `reduce(m = null, y IN ${values} | CASE WHEN m IS NULL OR y < m THEN y ELSE m END)`;
    default:
      return `reduce(m = null, y IN ${values} | CASE WHEN m IS NULL OR y > m THEN y ELSE m END)`;
  }
}

/** A value as text; JSON numbers are stored as floats, and 10.0 should read as 10. */
function text(value: string): string {
  return (
    `CASE WHEN ${value} IS :: FLOAT AND ${value} = round(${value}) AND abs(${value}) < 1e15 ` +
    `THEN toString(toInteger(${value})) ELSE toString(${value}) END`
  );
}
