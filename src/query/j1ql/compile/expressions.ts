import type { Expr } from '../ast';
import { InvalidQueryError } from '../query-errors';
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
 * RETURN arithmetic and functions as Cypher. Division and modulo by zero give null (not a
 * database error); aggregates count and combine distinct entities, so the several paths that
 * reach one entity count it once (docs/guide/j1ql.md, "RETURN").
 */
export function compileExpr(expr: Expr, ctx: ExprContext): string {
  switch (expr.kind) {
    case 'number':
    case 'string':
      return ctx.params.add(expr.value);
    case 'negate':
      return `-(${compileExpr(expr.operand, ctx)})`;
    case 'binary': {
      const left = compileExpr(expr.left, ctx);
      const right = compileExpr(expr.right, ctx);
      if (expr.op === '/' || expr.op === '%') {
        return `(CASE WHEN ${right} = 0 THEN null ELSE toFloat(${left}) ${expr.op} ${right} END)`;
      }
      return `(${left} ${expr.op} ${right})`;
    }
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

function compileCall(call: Extract<Expr, { kind: 'call' }>, ctx: ExprContext): string {
  const name = call.name.toLowerCase();
  if (AGGREGATES.has(name)) return compileAggregate(call, name, ctx);
  const arity = SCALARS[name];
  if (arity === undefined) throw new InvalidQueryError(`Unknown function '${call.name}'`, call.at);
  if (call.args.length < arity.min || call.args.length > arity.max) {
    throw new InvalidQueryError(`${call.name.toUpperCase()} takes ${arityText(arity)}`, call.at);
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
    // An expression (AVG(i.resolvedOn - i.createdOn)) aggregates over the matched rows.
    const value = compileExpr(arg, ctx);
    return name === 'count' ? `count(DISTINCT ${value})` : `${name}(${value})`;
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
  // The property's values over the distinct entities of the group.
  const values = `[x IN collect(DISTINCT ${v}) WHERE ${property('x', prop)} IS NOT NULL | ${property('x', prop)}]`;
  switch (name) {
    case 'sum':
      return `reduce(s = 0, y IN ${values} | s + y)`;
    case 'avg':
      return `(CASE WHEN size(${values}) = 0 THEN null ELSE reduce(s = 0.0, y IN ${values} | s + y) / size(${values}) END)`;
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
