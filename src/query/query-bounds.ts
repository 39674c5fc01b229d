import { TooComplexError } from '../errors/app-error';
import type { Query, Step } from './j1ql/ast';

/**
 * The complexity bounds of a J1QL query (docs/guide/j1ql.md, "Bounds"), checked before anything
 * runs: a query past one is refused with 400 `QUERY_TOO_COMPLEX` naming the bound, its value and
 * the variable that sets it. Pure: the syntax tree and the compiled text in, nothing out.
 */
export interface QueryBounds {
  /** Relationship hops (`THAT ...`), those in optional groups included. */
  maxTraversals: number;
  /** Items of RETURN. */
  maxColumns: number;
  /** Characters of the compiled Cypher. */
  maxCypherLength: number;
}

/** The hops of the query's chain: each `THAT`, also inside `( ... )?` groups. */
export function traversalsOf(steps: readonly Step[]): number {
  return steps.reduce((n, step) => n + (step.kind === 'hop' ? 1 : step.hops.length), 0);
}

/** Refuses a query whose shape is past a bound (before it is compiled). */
export function checkQueryShape(query: Query, bounds: QueryBounds): void {
  const traversals = traversalsOf(query.steps);
  if (traversals > bounds.maxTraversals) {
    refuse(
      `The query traverses ${traversals} relationships; at most ${bounds.maxTraversals} are allowed`,
      { name: 'J1QL_MAX_TRAVERSALS', value: traversals, limit: bounds.maxTraversals },
    );
  }
  const columns = query.return?.kind === 'items' ? query.return.items.length : 0;
  if (columns > bounds.maxColumns) {
    refuse(`The query returns ${columns} columns; at most ${bounds.maxColumns} are allowed`, {
      name: 'J1QL_MAX_COLUMNS',
      value: columns,
      limit: bounds.maxColumns,
    });
  }
}

/** Refuses a compiled query whose Cypher is longer than the bound (before it is sent). */
export function checkCompiledSize(cypher: string, bounds: QueryBounds): void {
  if (cypher.length > bounds.maxCypherLength) {
    refuse(
      `The query compiles to ${cypher.length} characters of Cypher; at most ${bounds.maxCypherLength} are allowed`,
      { name: 'J1QL_MAX_CYPHER_LENGTH', value: cypher.length, limit: bounds.maxCypherLength },
    );
  }
}

function refuse(message: string, bound: { name: string; value: number; limit: number }): never {
  throw new TooComplexError('QUERY_TOO_COMPLEX', `${message} (${bound.name})`, bound);
}
