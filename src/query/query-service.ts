import { PropertyCatalog } from '../catalog/property-catalog';
import { readVocabulary, type Vocabulary } from '../catalog/vocabulary';
import { ValidationError } from '../errors/app-error';
import type { components } from '../generated/openapi';
import { type Graph, StatementRejected } from '../graph/graph';
import { compileQuery, type CompiledQuery, type CompileOptions } from './j1ql/compile/compile';
import type { ResultPlan } from './j1ql/compile/projection';
import type { ParameterValue } from './j1ql/compile/values';
import { parseQuery } from './j1ql/parse';
import { InvalidQueryError } from './j1ql/query-errors';
import { checkCompiledSize, checkQueryShape, type QueryBounds } from './query-bounds';
import { decodeQueryCursor, encodeQueryCursor } from './query-cursor';
import { type ResultData, shapeRows } from './result-shape';

export interface QueryRequest {
  accountId: string;
  query: string;
  includeDeleted?: boolean;
  /** Epoch ms: the graph as it was then (decision 0047). */
  asOf?: number;
  limit?: number;
  cursor?: string | null;
}

export interface QueryResult {
  type: ResultPlan['type'];
  data: ResultData;
  totalCount: number;
  /** The next page's cursor; absent on the last page. */
  cursor?: string;
  /** What the query said that was left out or read leniently (e.g. an unknown bare RETURN name). */
  warnings?: string[];
}

/** Every row of a query, as rule evaluation reads it (`queries.<name>.data` / `.total`). */
export interface FullQueryResult {
  type: ResultPlan['type'];
  data: ResultData;
  /** Rows (list and table) or vertices (tree). */
  total: number;
  warnings?: string[];
  /** Set when the query had more rows than the cap (QUERY's `ruleMaxRows`): only these were read. */
  truncatedAt?: number;
}

/** `POST /query/explain`'s answer (openapi.yaml's ExplainQueryResponse). */
export type ExplainedQuery = components['schemas']['ExplainQueryResponse'];

export interface QueryApi {
  run(request: QueryRequest): Promise<QueryResult>;
  explain(request: Omit<QueryRequest, 'limit' | 'cursor'>): Promise<ExplainedQuery>;
  /** The classes, types and property names a query of the account can name. */
  vocabulary(accountId: string): Promise<Vocabulary>;
}

export const DEFAULT_QUERY_PAGE_SIZE = 250;

export interface QueryServiceDeps {
  graph: Graph;
  /** Property names that have held lists in the account, and all of them (the property catalog). */
  catalog: Pick<PropertyCatalog, 'listProperties' | 'kinds'>;
  parameters: {
    values(accountId: string): Promise<Record<string, ParameterValue>>;
    /** The values with the names of the secret ones (explain shows none of their values). */
    read(
      accountId: string,
    ): Promise<{ values: Record<string, ParameterValue>; secret: ReadonlySet<string> }>;
  };
  maxPageSize: number;
  timeoutMs: number;
  /** Checked before a query runs (query-bounds.ts). */
  bounds: QueryBounds;
  /** The most rows runAll reads into memory. */
  ruleMaxRows: number;
  /** How far back the change history goes (HISTORY_RETENTION_DAYS): the oldest asOf answered. */
  historyRetentionMs?: number;
  now?: () => number;
}

/**
 * POST /query and /query/explain: J1QL text -> parse -> compile (with the account's property
 * catalog and parameters) -> one page of rows from Neo4j -> the result shapes. The compiled
 * Cypher always binds `$accountId`, so a query sees only its account.
 */
export class QueryService implements QueryApi {
  constructor(private readonly deps: QueryServiceDeps) {}

  /** The service as a process runs it: the account's property catalog read from the graph. */
  static onGraph(
    graph: Graph,
    parameters: QueryServiceDeps['parameters'],
    limits: Pick<
      QueryServiceDeps,
      'maxPageSize' | 'timeoutMs' | 'bounds' | 'ruleMaxRows' | 'historyRetentionMs'
    >,
  ): QueryService {
    return new QueryService({
      graph,
      catalog: new PropertyCatalog({ graph }),
      parameters,
      ...limits,
    });
  }

  async run(request: QueryRequest): Promise<QueryResult> {
    const includeDeleted = request.includeDeleted === true;
    const size = this.pageSize(request.limit);
    const of = { query: request.query, includeDeleted, asOf: request.asOf };
    const offset =
      request.cursor === undefined || request.cursor === null
        ? 0
        : decodeQueryCursor(request.cursor, of);
    const compiled = await this.compile(request, { offset, size });
    const params = { ...compiled.params, accountId: request.accountId };
    const rows = await this.read(compiled.cypher, params);
    const total = await this.total(compiled, params, offset, rows.length, size);
    const result: QueryResult = {
      type: compiled.plan.type,
      data: shapeRows(compiled.plan, rows),
      totalCount: total,
    };
    if (offset + rows.length < total && rows.length > 0) {
      result.cursor = encodeQueryCursor(offset + rows.length, of);
    }
    if (compiled.warnings.length > 0) result.warnings = compiled.warnings;
    return result;
  }

  /**
   * Every row of the query at once (rules see all pages: docs/guide/j1ql.md, "J1QL in rules"), in
   * the query's own order, up to `ruleMaxRows` rows (`truncatedAt` says when there were more).
   * Same errors as run().
   */
  async runAll(request: Omit<QueryRequest, 'limit' | 'cursor'>): Promise<FullQueryResult> {
    const cap = this.deps.ruleMaxRows;
    const compiled = await this.compile(request, undefined, { rowCap: cap + 1 });
    const read = await this.read(compiled.cypher, {
      ...compiled.params,
      accountId: request.accountId,
    });
    const rows = read.length > cap ? read.slice(0, cap) : read;
    const data = shapeRows(compiled.plan, rows);
    const result: FullQueryResult = {
      type: compiled.plan.type,
      data,
      total: Array.isArray(data) ? data.length : data.vertices.length,
    };
    if (compiled.warnings.length > 0) result.warnings = compiled.warnings;
    if (read.length > cap) result.truncatedAt = cap;
    return result;
  }

  vocabulary(accountId: string): Promise<Vocabulary> {
    return readVocabulary(this.deps, accountId);
  }

  /**
   * The Cypher and parameters the query compiles to, with every secret account parameter standing
   * as the text `[secret]` (a list as one such item): what is answered is computed from no secret
   * value, not even its length or whether it equals a literal of the query. The statement that
   * runs binds the real values.
   */
  async explain(request: Omit<QueryRequest, 'limit' | 'cursor'>): Promise<ExplainedQuery> {
    const compiled = await this.compile(
      request,
      { offset: 0, size: DEFAULT_QUERY_PAGE_SIZE },
      { purpose: 'explain' },
    );
    return {
      cypher: compiled.cypher,
      params: { ...compiled.params, accountId: request.accountId },
    };
  }

  private async compile(
    request: Omit<QueryRequest, 'limit' | 'cursor'>,
    page: CompileOptions['page'],
    options: { purpose?: 'run' | 'explain'; rowCap?: number } = {},
  ): Promise<CompiledQuery> {
    const ast = parseQuery(request.query); // a syntax error needs no database round trip
    checkQueryShape(ast, this.deps.bounds);
    const now = (this.deps.now ?? Date.now)();
    if (request.asOf !== undefined) checkAsOf(request.asOf, now, this.deps.historyRetentionMs);
    const [listProperties, parameters] = await Promise.all([
      this.deps.catalog.listProperties(request.accountId),
      options.purpose !== 'explain'
        ? this.deps.parameters.values(request.accountId)
        : this.deps.parameters.read(request.accountId).then(withSecretsHidden),
    ]);
    const compiled = compileQuery(ast, {
      includeDeleted: request.includeDeleted === true,
      now,
      ...(request.asOf === undefined ? {} : { asOf: request.asOf }),
      parameters,
      listProperties,
      ...(page === undefined ? {} : { page }),
      ...(options.rowCap === undefined ? {} : { rowCap: options.rowCap }),
    });
    checkCompiledSize(compiled.cypher, this.deps.bounds);
    return compiled;
  }

  /** The whole result's size; the count query runs only when this page does not tell it. */
  private async total(
    compiled: CompiledQuery,
    params: Record<string, unknown>,
    offset: number,
    returned: number,
    size: number,
  ): Promise<number> {
    const { skip, limit } = compiled.window;
    if (returned < size && (returned > 0 || offset === 0)) return offset + returned;
    if (limit !== undefined && offset + returned >= limit) return limit;
    const [row] = await this.read(compiled.countCypher, params);
    const all = Number(row?.total ?? 0);
    const windowed = Math.max(0, all - skip);
    return limit === undefined ? windowed : Math.min(windowed, limit);
  }

  private pageSize(limit: number | undefined): number {
    if (limit === undefined) return DEFAULT_QUERY_PAGE_SIZE;
    if (!Number.isInteger(limit) || limit < 1 || limit > this.deps.maxPageSize) {
      throw new ValidationError(
        `"limit" must be a whole number between 1 and ${this.deps.maxPageSize}`,
      );
    }
    return limit;
  }

  private async read(
    cypher: string,
    params: Record<string, unknown>,
  ): Promise<Array<Record<string, unknown>>> {
    try {
      return await this.deps.graph.readGenerated(cypher, params, {
        timeoutMs: this.deps.timeoutMs,
      });
    } catch (err) {
      if (!(err instanceof StatementRejected)) throw err;
      if (err.reason === 'timeout') {
        throw new InvalidQueryError(
          `The query ran longer than ${this.deps.timeoutMs} ms: narrow it (WITH filters, fewer unfiltered hops)`,
        );
      }
      throw new InvalidQueryError(`The query cannot run on this data: ${err.message}`);
    }
  }
}

/**
 * An asOf the history can answer: not in the future (there is no graph of it yet), nor older
 * than the history kept (the purge has removed what it would need).
 */
function checkAsOf(asOf: number, now: number, retentionMs: number | undefined): void {
  if (asOf > now) {
    throw new ValidationError(
      `'asOf' ${asOf} is in the future (now is ${now}): give a past time in epoch milliseconds`,
    );
  }
  if (retentionMs !== undefined && asOf < now - retentionMs) {
    const days = Math.round(retentionMs / 86_400_000);
    throw new ValidationError(
      `'asOf' ${asOf} is older than the change history kept (${days} days, HISTORY_RETENTION_DAYS): the graph of that time cannot be rebuilt`,
    );
  }
}

/** What explain shows of a secret parameter: the text `[secret]` (a list: one such item). */
export const HIDDEN_SECRET = '[secret]';

function withSecretsHidden(read: {
  values: Record<string, ParameterValue>;
  secret: ReadonlySet<string>;
}): Record<string, ParameterValue> {
  const out = Object.create(null) as Record<string, ParameterValue>;
  for (const [name, value] of Object.entries(read.values)) {
    out[name] = !read.secret.has(name)
      ? value
      : Array.isArray(value)
        ? [HIDDEN_SECRET]
        : HIDDEN_SECRET;
  }
  return out;
}
