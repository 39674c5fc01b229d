import { InvalidQueryError } from '../query-errors';
import type { Position } from '../ast';
import { isAsOf, valueAt } from './as-of';

/**
 * How user-given names reach Cypher text. Values never do (they are parameters); labels and
 * relationship types are checked against the identifier pattern of docs/decisions and
 * backticked; property names are backticked with any backtick doubled, so no name can end the
 * quoting.
 */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function label(name: string, at?: Position): string {
  if (!IDENTIFIER.test(name)) {
    throw new InvalidQueryError(`'${name}' cannot be a class name: use letters, digits and _`, at);
  }
  return `\`${name}\``;
}

export function relationshipType(verb: string, at?: Position): string {
  if (!IDENTIFIER.test(verb)) {
    throw new InvalidQueryError(
      `'${verb}' cannot be a relationship verb: use letters, digits and _`,
      at,
    );
  }
  return `\`${verb}\``;
}

export function property(variable: string, name: string): string {
  // Neo4j reads \u0060 inside backticks as a backtick: a backslash could end the quoting.
  if (name.includes('\\')) {
    throw new InvalidQueryError(`Property name '${name}' cannot contain a backslash`);
  }
  if (variable === 'null') return 'null'; // scope.ts NO_VALUE
  const current = `${variable}.\`${name.replaceAll('`', '``')}\``;
  return isAsOf(variable) ? valueAt(variable, name, current) : current;
}

/** Allocates `$p0`, `$p1`, ... for values; equal values share one parameter. */
export class Params {
  readonly values: Record<string, unknown> = {};
  private readonly byJson = new Map<string, string>();

  add(value: unknown): string {
    const json = JSON.stringify(value);
    const known = this.byJson.get(json);
    if (known !== undefined) return `$${known}`;
    const name = `p${this.byJson.size}`;
    this.byJson.set(json, name);
    this.values[name] = value;
    return `$${name}`;
  }
}
