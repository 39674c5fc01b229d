import type { Position } from '../ast';
import { InvalidQueryError } from '../query-errors';

/** The variable of a binding that has no value where it is used. */
export const NO_VALUE = 'null';

export interface Binding {
  kind: 'node' | 'relationship';
  variable: string;
  /** How many negated traversals (THAT !...) enclose it: above 0 it has no value outside them. */
  depth: number;
}

/**
 * The names a query gives its entities and relationships: aliases (`AS x`), and the implicit
 * selectors (an unaliased single class, type or verb used as a name; docs/guide/j1ql.md,
 * "Aliases, implicit names and WHERE"). A name used for two positions is ambiguous: an alias
 * twice is an error at once, an implicit name only when it is referenced.
 */
export class Scope {
  private readonly aliases = new Map<string, Binding>();
  private readonly implicit = new Map<string, Binding | 'ambiguous'>();
  /** Every position in match order, for RETURN TREE. */
  readonly all: Binding[] = [];
  readonly warnings: string[] = [];

  add(binding: Binding): void {
    this.all.push(binding);
  }

  alias(name: string, binding: Binding, at: Position): void {
    if (this.aliases.has(name)) throw new InvalidQueryError(`Alias '${name}' is defined twice`, at);
    this.aliases.set(name, binding);
  }

  implicitName(name: string, binding: Binding): void {
    this.implicit.set(name, this.implicit.has(name) ? 'ambiguous' : binding);
  }

  has(name: string): boolean {
    return this.lookup(name) !== undefined;
  }

  /** The binding a selector names; `clause` says where, for the error message. */
  resolve(name: string, clause: string, at: Position): Binding {
    const found = this.lookup(name);
    if (found === 'ambiguous') {
      throw new InvalidQueryError(
        `'${name}' names more than one entity or relationship in ${clause}: give each an alias with AS`,
        at,
      );
    }
    if (found === undefined)
      throw new InvalidQueryError(`Unknown alias '${name}' in ${clause}`, at);
    if (found.depth > 0) {
      // Real queries return the target of a negation (THAT !HAS X AS x RETURN x.name): what
      // was not found has no value, so it reads as null.
      this.warnings.push(
        `'${name}' is inside a negated traversal (THAT !...): it is null in ${clause}`,
      );
      return { ...found, variable: NO_VALUE };
    }
    return found;
  }

  private lookup(name: string): Binding | 'ambiguous' | undefined {
    return (
      this.aliases.get(name) ?? this.implicit.get(name) ?? this.implicit.get(name.toUpperCase())
    );
  }
}
