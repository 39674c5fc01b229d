import type { CompareOp, Comparison, Filter, Operand, PropertyPath } from '../ast';
import { InvalidQueryError } from '../query-errors';
import { keyHash } from '../../../graph/key-hash';
import { type Params, property } from './cypher-text';
import { regexPattern, scalarValues, type Value, type ValueContext } from './values';

/** A property as the filter sees it: its Cypher expression and whether it may hold a list. */
export interface PropertyRef {
  expr: string;
  mayBeList: boolean;
  /**
   * For `_key`: the expression of its indexed digest, `_keyHash` (decision 0035). An equality
   * with a string also tests the digest, so the planner seeks the (_accountId, _keyHash) index.
   */
  hashExpr?: string;
}

/** The PropertyRef of `variable.name`. */
export function propertyRef(variable: string, name: string, mayBeList: boolean): PropertyRef {
  const expr = property(variable, name);
  return name === '_key'
    ? { expr, mayBeList, hashExpr: property(variable, '_keyHash') }
    : { expr, mayBeList };
}

/** `cond`, and with a `_key` equal to string values the digest test that makes it an index seek. */
function withKeyHash(
  target: PropertyRef,
  values: readonly Value[],
  ctx: FilterContext,
  cond: string,
): string {
  if (target.hashExpr === undefined || !values.every((v) => typeof v === 'string')) return cond;
  const hashes = (values as string[]).map((v) => keyHash(v));
  const seek =
    hashes.length === 1
      ? `${target.hashExpr} = ${ctx.params.add(hashes[0])}`
      : `${target.hashExpr} IN ${ctx.params.add(hashes)}`;
  return `(${seek} AND ${cond})`;
}

export interface FilterContext extends ValueContext {
  params: Params;
  /** Resolves a property path as written (WITH: the node's own; WHERE/HAVING: alias.prop). */
  property(path: PropertyPath): PropertyRef;
}

type BaseOp = '=' | '~=' | '^=' | '$=' | '>' | '<' | '>=' | '<=';

/**
 * WITH / WHERE / HAVING filters as Cypher boolean expressions, with J1QL's semantics
 * (docs/guide/j1ql.md, "Missing properties, `undefined`, lists" and "Value lists"): on a list
 * property `=` holds when any element matches and `!=` when none does; every negative operator
 * holds when the property is absent; value lists distribute over the operator (De Morgan for the
 * negative ones). Values are parameters.
 */
export function compileFilter(filter: Filter, ctx: FilterContext): string {
  switch (filter.kind) {
    case 'or':
      return `(${filter.items.map((f) => compileFilter(f, ctx)).join(' OR ')})`;
    case 'and':
      return `(${filter.items.map((f) => compileFilter(f, ctx)).join(' AND ')})`;
    case 'compare':
      return compileComparison(filter, ctx);
  }
}

function compileComparison(cmp: Comparison, ctx: FilterContext): string {
  let { left, op, right } = cmp;
  if (left.kind !== 'path') {
    // date.now - 7 days > lastSeenOn reads as lastSeenOn < date.now - 7 days.
    if (right.kind !== 'path') {
      throw new InvalidQueryError('A comparison needs a property on one side', cmp.at);
    }
    [left, right] = [right, left];
    op = flipped(op, cmp);
  }
  const target = ctx.property(left);
  const negated = op.startsWith('!');
  const base = (negated ? op.slice(1) : op) as BaseOp;
  return compareWith(target, base, negated, right, cmp, ctx);
}

function compareWith(
  target: PropertyRef,
  base: BaseOp,
  negated: boolean,
  right: Operand,
  cmp: Comparison,
  ctx: FilterContext,
): string {
  switch (right.kind) {
    case 'path':
      return compareProperties(target, base, negated, ctx.property(right));
    case 'regex': {
      if (base === '>' || base === '<' || base === '>=' || base === '<=') {
        throw new InvalidQueryError(`A regular expression cannot be compared with ${base}`, cmp.at);
      }
      const anchor = base === '^=' ? 'start' : base === '$=' ? 'end' : 'none';
      const pattern = ctx.params.add(regexPattern(right.source, right.flags, anchor, right.at));
      return test(target, negated, (e) => `${e} =~ ${pattern}`);
    }
    case 'list': {
      // Positive operators join as written; negative ones are the negation of the positive
      // comparison, so the joiner flips (p != (a OR b) is p != a AND p != b).
      const joiner = negated === (right.joiner === 'or') ? ' AND ' : ' OR ';
      const values = right.items.flatMap((item) => scalarValues(item, ctx));
      if (base === '=' && right.joiner === 'or' && !values.includes(undefined)) {
        // Equal to any of them: one IN test instead of a chain of ORs.
        const list = ctx.params.add(values);
        const cond = test(target, negated, (e) => `${e} IN ${list}`);
        return negated ? cond : withKeyHash(target, values, ctx, cond);
      }
      return `(${values.map((v) => compareValue(target, base, negated, v, cmp, ctx)).join(joiner)})`;
    }
    default: {
      const values = scalarValues(right, ctx);
      // A list-valued account parameter reads as a value list joined with OR.
      const joiner = negated ? ' AND ' : ' OR ';
      const parts = values.map((v) => compareValue(target, base, negated, v, cmp, ctx));
      return parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(joiner)})`;
    }
  }
}

function compareValue(
  target: PropertyRef,
  base: BaseOp,
  negated: boolean,
  value: Value,
  cmp: Comparison,
  ctx: FilterContext,
): string {
  if (value === undefined) {
    if (base !== '=') {
      throw new InvalidQueryError(`undefined can only be compared with = or !=`, cmp.at);
    }
    return negated ? `${target.expr} IS NOT NULL` : `${target.expr} IS NULL`;
  }
  const param = ctx.params.add(isStringOp(base) ? String(value) : value);
  const cond = test(target, negated, (e) => condition(e, base, param));
  return base === '=' && !negated ? withKeyHash(target, [value], ctx, cond) : cond;
}

function isStringOp(base: BaseOp): boolean {
  return base === '~=' || base === '^=' || base === '$=';
}

function condition(e: string, base: BaseOp, param: string): string {
  switch (base) {
    case '~=':
      return `${e} CONTAINS ${param}`;
    case '^=':
      return `${e} STARTS WITH ${param}`;
    case '$=':
      return `${e} ENDS WITH ${param}`;
    case '=':
      return `${e} = ${param}`;
    default:
      return `${e} ${base} ${param}`;
  }
}

/**
 * The test `cond` on a property, with array semantics where the property may hold a list. A
 * negative test is the negation of the positive one, true when the property is absent.
 */
function test(target: PropertyRef, negated: boolean, cond: (e: string) => string): string {
  if (target.mayBeList) {
    const any = `any(e IN ${asList(target.expr)} WHERE ${negated ? `coalesce(${cond('e')}, false)` : cond('e')})`;
    return negated ? `NOT ${any}` : any;
  }
  return negated
    ? `(${target.expr} IS NULL OR NOT coalesce(${cond(target.expr)}, false))`
    : cond(target.expr);
}

/** Two properties (WHERE a.x = b.y): true when some value of one matches some value of the other. */
function compareProperties(
  left: PropertyRef,
  base: BaseOp,
  negated: boolean,
  right: PropertyRef,
): string {
  if (!left.mayBeList && !right.mayBeList) {
    const cond = condition(left.expr, base, right.expr);
    return negated
      ? `(${left.expr} IS NULL OR ${right.expr} IS NULL OR NOT coalesce(${cond}, false))`
      : cond;
  }
  const any = `any(l IN ${asList(left.expr)} WHERE any(r IN ${asList(right.expr)} WHERE coalesce(${condition('l', base, 'r')}, false)))`;
  return negated ? `NOT ${any}` : any;
}

export function asList(expr: string): string {
  return `CASE WHEN ${expr} IS NULL THEN [] WHEN ${expr} IS :: LIST<ANY> THEN ${expr} ELSE [${expr}] END`;
}

const FLIP: Partial<Record<CompareOp, CompareOp>> = {
  '>': '<',
  '<': '>',
  '>=': '<=',
  '<=': '>=',
  '=': '=',
  '!=': '!=',
};

function flipped(op: CompareOp, cmp: Comparison): CompareOp {
  const flip = FLIP[op];
  if (flip === undefined) {
    throw new InvalidQueryError(`A date on the left of ${op} cannot be compared`, cmp.at);
  }
  return flip;
}
