import type { Filter, OrderItem, Query, ReturnItem } from '../ast';
import { InvalidQueryError } from '../query-errors';
import { type Params, property } from './cypher-text';
import { asOfTree, edgeValue, historyOf, isAsOf, objectColumn, propertiesOf } from './as-of';
import { compileExpr, hasAggregate } from './expressions';
import { compileFilter } from './filters';
import type { Scope } from './scope';
import type { ValueContext } from './values';

/** What a result column holds, so that the result shaper can build it. */
export type Column =
  | { name: string; kind: 'value' }
  | { name: string; kind: 'vertex' }
  | { name: string; kind: 'edge' }
  /** `alias.*`: every property of the alias, as `alias.<name>` keys. */
  | { name: string; kind: 'spread' };

export type ResultPlan = { type: 'list' } | { type: 'tree' } | { type: 'table'; columns: Column[] };

export interface Projection {
  /** Clauses from the matched rows up to (not including) ORDER BY/SKIP/LIMIT. */
  clauses: string[];
  /** The final RETURN items. */
  returns: string;
  /** ORDER BY keys, stable: ties broken by every column. */
  order: string[];
  plan: ResultPlan;
  warnings: string[];
}

interface ProjectionContext extends ValueContext {
  params: Params;
  scope: Scope;
  mayBeList(name: string): boolean;
  /** ORDER BY the returned columns so that pages do not overlap. */
  stable: boolean;
}

export function compileProjection(query: Query, start: string, ctx: ProjectionContext): Projection {
  if (query.return === undefined) return listProjection(query, start, ctx);
  if (query.return.kind === 'tree') return treeProjection(query, ctx);
  return tableProjection(query, query.return.items, ctx);
}

/** No RETURN: the distinct start entities. ORDER BY may use the start entity's properties. */
function listProjection(query: Query, start: string, ctx: ProjectionContext): Projection {
  if (query.having !== undefined)
    throw new InvalidQueryError('HAVING needs a RETURN with aggregates');
  const order = (query.orderBy ?? []).map((item) => {
    if (item.key.kind === 'column') {
      throw new InvalidQueryError(`ORDER BY '${item.key.name}' names no RETURN column`);
    }
    const binding = ctx.scope.resolve(item.key.segments[0] as string, 'ORDER BY', item.key.at);
    if (binding.variable !== start) {
      throw new InvalidQueryError(
        'Without RETURN, the result is the start entities: ORDER BY can only use their properties',
        item.key.at,
      );
    }
    const key =
      item.key.segments.length === 1
        ? `${start}._id`
        : property(start, item.key.segments.slice(1).join('.'));
    return `${key}${item.descending ? ' DESC' : ''}`;
  });
  if (ctx.stable) order.push(`${start}._id`);
  return {
    clauses: [`WITH DISTINCT ${isAsOf(start) ? `${start}, ${historyOf(start)}` : start}`],
    returns: `${propertiesOf(start)} AS entity`,
    order,
    plan: { type: 'list' },
    warnings: [],
  };
}

/** RETURN TREE: each matched path's entities and relationships; the shaper merges them. */
function treeProjection(query: Query, ctx: ProjectionContext): Projection {
  if (query.having !== undefined || query.orderBy !== undefined) {
    throw new InvalidQueryError('RETURN TREE cannot be combined with HAVING or ORDER BY');
  }
  const visible = ctx.scope.all.filter((b) => b.depth === 0);
  const nodes = visible.filter((b) => b.kind === 'node').map((b) => b.variable);
  const rels = visible.filter((b) => b.kind === 'relationship').map((b) => b.variable);
  if (nodes.some(isAsOf)) {
    return { ...asOfTree(nodes, rels, ctx.stable), plan: { type: 'tree' }, warnings: [] };
  }
  return {
    clauses: [
      `WITH DISTINCT [v IN [${nodes.join(', ')}] WHERE v IS NOT NULL] AS vs, ` +
        `[r IN [${rels.join(', ')}] WHERE r IS NOT NULL] AS es`,
    ],
    returns:
      '[v IN vs | properties(v)] AS vertices, ' +
      '[r IN es | {props: properties(r), fromId: startNode(r)._id, toId: endNode(r)._id}] AS edges',
    order: ctx.stable ? ['[v IN vs | v._id]', '[r IN es | r._id]'] : [],
    plan: { type: 'tree' },
    warnings: [],
  };
}

interface Item {
  column: Column;
  variable: string;
  expr: string;
  text: string;
  aggregate: boolean;
  /** A property column's name, for the catalog's list test in HAVING. */
  property?: string;
  /** `expr` is already the column's value (an object read as of T, as-of.ts). */
  shaped?: boolean;
}

function tableProjection(query: Query, items: ReturnItem[], ctx: ProjectionContext): Projection {
  const warnings: string[] = [];
  const all: Item[] = [];
  for (const item of items) {
    const built = tableItem(item, all.length, ctx, warnings);
    if (built !== undefined) all.push(built);
  }
  if (all.length === 0) throw new InvalidQueryError('RETURN names nothing that the query matched');
  const compiled = lastOfEachName(all, warnings);
  // Columns are read back by position (c0, c1, ...): number them after the repeats are gone.
  compiled.forEach((item, i) => {
    item.variable = `c${i}`;
  });
  const aggregating = compiled.some((i) => i.aggregate);
  const grouped = aggregating || query.unique;
  const hidden: string[] = [];
  const order = (query.orderBy ?? []).map((o) => orderKey(o, compiled, grouped, hidden, ctx));
  if (ctx.stable) order.push(...compiled.map((i) => i.variable));
  const projected = [...compiled.map((i) => `${i.expr} AS ${i.variable}`), ...hidden];
  const clauses = [`WITH ${query.unique ? 'DISTINCT ' : ''}${projected.join(', ')}`];
  if (query.having !== undefined)
    clauses.push(`WHERE ${havingFilter(query.having, compiled, ctx)}`);
  return {
    clauses,
    returns: compiled.map(finalReturn).join(', '),
    order,
    plan: { type: 'table', columns: compiled.map((i) => i.column) },
    warnings,
  };
}

/**
 * A row is an object, so one name holds one value: when two items share a name (real rules
 * repeat `cert.active`), the later one is the column, as it would be in JavaScript.
 */
function lastOfEachName(items: Item[], warnings: string[]): Item[] {
  const byName = new Map<string, Item>();
  for (const item of items) {
    if (byName.has(item.column.name)) {
      warnings.push(`Two RETURN items are named '${item.column.name}': the later one is returned`);
      byName.delete(item.column.name);
    }
    byName.set(item.column.name, item);
  }
  return items.filter((item) => byName.get(item.column.name) === item);
}

function tableItem(
  item: ReturnItem,
  index: number,
  ctx: ProjectionContext,
  warnings: string[],
): Item | undefined {
  const variable = `c${index}`;
  const name = item.as ?? item.text;
  const expr = item.expr;
  if (expr.kind === 'selector') {
    const head = expr.segments[0] as string;
    if (expr.segments.length === 1 && !expr.star && !ctx.scope.has(head)) {
      // `cm,displayName` (a comma typo in a real rule pack): a bare unknown name is left out.
      warnings.push(`RETURN item '${item.text}' names no alias and was left out`);
      return undefined;
    }
    const binding = ctx.scope.resolve(head, 'RETURN', expr.at);
    if (expr.star) {
      const prefix = expr.segments.join('.');
      if (expr.segments.length !== 1)
        throw new InvalidQueryError(`${prefix}.* needs a bare alias before .*`, expr.at);
      return {
        column: { name: item.as ?? prefix, kind: 'spread' },
        variable,
        ...objectColumn(binding.variable, 'spread'),
        text: item.text,
        aggregate: false,
      };
    }
    if (expr.segments.length === 1) {
      const kind = binding.kind === 'node' ? 'vertex' : 'edge';
      return {
        column: { name, kind },
        variable,
        ...objectColumn(binding.variable, kind),
        text: item.text,
        aggregate: false,
      };
    }
  }
  const compiled = compileExpr(expr, { params: ctx.params, scope: ctx.scope, clause: 'RETURN' });
  const propertyName = expr.kind === 'selector' ? expr.segments.slice(1).join('.') : undefined;
  return {
    column: { name, kind: 'value' },
    variable,
    expr: compiled,
    text: item.text,
    aggregate: hasAggregate(expr),
    ...(propertyName === undefined ? {} : { property: propertyName }),
  };
}

function finalReturn(item: Item): string {
  const v = item.variable;
  if (item.shaped === true) return v;
  switch (item.column.kind) {
    case 'vertex':
    case 'spread':
      return `properties(${v}) AS ${v}`;
    case 'edge':
      return `${edgeValue(v)} AS ${v}`;
    case 'value':
      return v;
  }
}

/**
 * An ORDER BY key: a column (by AS name or as written), or, when rows are not grouped, any
 * alias.property (projected as a hidden column).
 */
function orderKey(
  o: OrderItem,
  items: Item[],
  grouped: boolean,
  hidden: string[],
  ctx: ProjectionContext,
): string {
  const dir = o.descending ? ' DESC' : '';
  const text = o.key.kind === 'column' ? o.key.name : o.key.segments.join('.');
  const column = columnNamed(items, text);
  if (column !== undefined) return `${column.variable}${dir}`;
  if (o.key.kind === 'column')
    throw new InvalidQueryError(`ORDER BY '${text}' names no RETURN column`);
  if (grouped) {
    throw new InvalidQueryError(
      `ORDER BY ${text}: with aggregates or UNIQUE, order by a RETURN column`,
      o.key.at,
    );
  }
  const expr = compileExpr(
    { kind: 'selector', segments: o.key.segments, star: false, at: o.key.at },
    {
      params: ctx.params,
      scope: ctx.scope,
      clause: 'ORDER BY',
    },
  );
  const variable = `o${hidden.length}`;
  hidden.push(`${expr} AS ${variable}`);
  return `${variable}${dir}`;
}

/** HAVING compares RETURN columns, named by their AS name (or as written). */
function havingFilter(having: Filter, items: Item[], ctx: ProjectionContext): string {
  return compileFilter(having, {
    params: ctx.params,
    now: ctx.now,
    parameters: ctx.parameters,
    property: (path) => {
      const name = path.segments.join('.');
      const item = columnNamed(items, name);
      if (item === undefined) {
        throw new InvalidQueryError(
          `HAVING '${name}' names no RETURN column (name one with AS)`,
          path.at,
        );
      }
      return {
        expr: item.variable,
        mayBeList: item.property !== undefined && ctx.mayBeList(item.property),
      };
    },
  });
}

/** A RETURN column by its name (the AS name, or the item as written). */
function columnNamed(items: Item[], name: string): Item | undefined {
  return items.find((i) => i.column.name === name || i.text === name);
}
