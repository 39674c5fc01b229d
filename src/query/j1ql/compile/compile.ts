import type { PropertyPath, Query } from '../ast';
import { InvalidQueryError } from '../query-errors';
import { AS_OF_PARAM, AS_OF_SUFFIX } from './as-of';
import { Params } from './cypher-text';
import { compileFilter, type PropertyRef, propertyRef } from './filters';
import { compileStart, compileSteps, type MatchContext } from './match';
import { compileProjection, type ResultPlan } from './projection';
import { Scope } from './scope';
import type { ParameterValue } from './values';

export interface CompileOptions {
  includeDeleted: boolean;
  /** Epoch ms that `date.now` means. */
  now: number;
  /** Account parameter values for `${param.X}`. */
  parameters: Readonly<Record<string, ParameterValue>>;
  /**
   * Property names that have held a list in the account (the property catalog). Others get
   * the plain, index-friendly comparison. Undefined: unknown, so every custom property is
   * treated as possibly a list.
   */
  listProperties?: ReadonlySet<string>;
  /** One page of the rows (offset into the query's own SKIP/LIMIT window); all rows if absent. */
  page?: { offset: number; size: number };
  /** Without a page: read at most this many rows (the query's own LIMIT, if lower, wins). */
  rowCap?: number;
  /**
   * Epoch ms: answer over the graph as it was then (as-of.ts); `date.now` means that time too,
   * so relative dates read as they would have then.
   */
  asOf?: number;
}

export interface CompiledQuery {
  /** Returns the rows (of the page, if one was asked for). */
  cypher: string;
  /** Returns `total`: how many rows the whole query has. */
  countCypher: string;
  /** Every value, `$accountId` excepted (the caller binds it). */
  params: Record<string, unknown>;
  plan: ResultPlan;
  warnings: string[];
  /** The query's own SKIP and LIMIT (LIMIT undefined when it has none). */
  window: { skip: number; limit: number | undefined };
}

/**
 * J1QL syntax tree -> parameterised Cypher. Pure: no IO. User text reaches the Cypher only as
 * parameters, or as checked and backticked names (cypher-text.ts).
 */
export function compileQuery(query: Query, options: CompileOptions): CompiledQuery {
  const params = new Params();
  const scope = new Scope();
  const counters = { n: 0, r: 0, g: 0 };
  const mayBeList = (name: string): boolean => {
    if (name === '_class') return true;
    if (name.startsWith('_')) return false;
    return options.listProperties === undefined || options.listProperties.has(name);
  };
  const asOf = options.asOf !== undefined;
  if (asOf) params.values[AS_OF_PARAM] = options.asOf;
  const now = options.asOf ?? options.now;
  const ctx: MatchContext = {
    params,
    scope,
    includeDeleted: options.includeDeleted,
    asOf,
    now,
    parameters: options.parameters,
    mayBeList,
    fresh: (prefix) => `${prefix}${++counters[prefix]}${asOf ? AS_OF_SUFFIX : ''}`,
  };
  const start = compileStart(query.start, ctx);
  const steps = compileSteps(start.variable, query.steps, 0, ctx);
  const clauses = [...start.clauses, ...steps.clauses];
  if (query.where !== undefined) {
    const where = compileFilter(query.where, {
      ...ctx,
      property: (path: PropertyPath) => aliasProperty(path, ctx),
    });
    clauses.push(`WITH * WHERE ${where}`);
  }
  const projection = compileProjection(query, start.variable, {
    params,
    scope,
    mayBeList,
    now,
    parameters: options.parameters,
    stable: options.page !== undefined,
  });
  const core = [...clauses, ...projection.clauses];
  const window = { skip: query.skip ?? 0, limit: query.limit };
  const paging = pageWindow(window, options.page, options.rowCap);
  const tail: string[] = [`RETURN ${projection.returns}`];
  if (projection.order.length > 0) tail.push(`ORDER BY ${projection.order.join(', ')}`);
  if (paging !== undefined) {
    // JavaScript numbers reach Neo4j as floats, which SKIP and LIMIT refuse.
    tail.push(
      `SKIP toInteger(${params.add(paging.skip)}) LIMIT toInteger(${params.add(paging.limit)})`,
    );
  }
  return {
    cypher: [...core, ...tail].join('\n'),
    countCypher: [...core, 'RETURN count(*) AS total'].join('\n'),
    params: params.values,
    plan: projection.plan,
    warnings: [...projection.warnings, ...scope.warnings],
    window,
  };
}

/** WHERE's `alias.property`; the property may be dotted (`u.tag.Owner`). */
function aliasProperty(path: PropertyPath, ctx: MatchContext): PropertyRef {
  const [head, ...rest] = path.segments;
  const binding = ctx.scope.resolve(head as string, 'WHERE', path.at);
  if (rest.length === 0) {
    throw new InvalidQueryError(`WHERE compares properties: write ${head}.<property>`, path.at);
  }
  const name = rest.join('.');
  return propertyRef(binding.variable, name, ctx.mayBeList(name));
}

/** The query's SKIP/LIMIT window, then the page inside it; undefined when all rows are wanted. */
function pageWindow(
  window: { skip: number; limit: number | undefined },
  page: CompileOptions['page'],
  rowCap: number | undefined,
): { skip: number; limit: number } | undefined {
  if (page === undefined) {
    const limit = Math.min(window.limit ?? Number.MAX_SAFE_INTEGER, rowCap ?? Infinity);
    if (window.skip === 0 && limit === Number.MAX_SAFE_INTEGER) return undefined;
    return { skip: window.skip, limit };
  }
  const remaining =
    window.limit === undefined ? page.size : Math.max(0, window.limit - page.offset);
  return { skip: window.skip + page.offset, limit: Math.min(page.size, remaining) };
}
