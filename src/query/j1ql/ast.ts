/**
 * The J1QL syntax tree, as the grammar in j1ql.peggy builds it (the language: docs/guide/j1ql.md;
 * the choices made: docs/decisions/0016-j1ql.md).
 * Discriminated unions throughout; positions are kept where a later compile error must point at
 * the query text.
 */
export interface Position {
  line: number;
  column: number;
  offset: number;
}

export interface Query {
  kind: 'query';
  unique: boolean;
  start: NodeSpec;
  steps: Step[];
  where?: Filter;
  return?: ReturnClause;
  having?: Filter;
  orderBy?: OrderItem[];
  skip?: number;
  limit?: number;
}

/** One entity position in the chain: what it matches, its WITH filter and its alias. */
export interface NodeSpec {
  kind: 'node';
  target: Target;
  /** `CHANGED SINCE <time>`: entities with a recorded change at or after that time. */
  changedSince?: Scalar;
  filter?: Filter;
  alias?: string;
  at: Position;
}

export type Target =
  | { kind: 'any' }
  /** A quoted string: full-text search over the entity's text. */
  | { kind: 'search'; text: string }
  /** One name or a union `(A|b_type|#Smart)`: any item matches. */
  | { kind: 'union'; items: TargetItem[] }
  /** `#Smart` followed by a class or type: both must hold (`FIND #Production Application`). */
  | { kind: 'smart-and'; smart: string; item: TargetItem };

export type TargetItem =
  | { kind: 'class'; name: string }
  | { kind: 'type'; name: string }
  | { kind: 'smart'; name: string };

export type Step = Hop | OptionalGroup;

export interface Hop {
  kind: 'hop';
  rel: RelSpec;
  node: NodeSpec;
}

/** `(THAT … THAT …)?`: the union of the node before the group and the nodes reached in it. */
export interface OptionalGroup {
  kind: 'optional';
  hops: Hop[];
  alias?: string;
  at: Position;
}

export type Direction = 'out' | 'in' | 'any';

export interface RelSpec {
  negated: boolean;
  /** Upper-cased relationship classes; empty means RELATES TO (any class). */
  verbs: string[];
  direction: Direction;
  alias?: string;
  at: Position;
}

export type Filter =
  { kind: 'or'; items: Filter[] } | { kind: 'and'; items: Filter[] } | Comparison;

export type CompareOp =
  '=' | '!=' | '>' | '<' | '>=' | '<=' | '~=' | '!~=' | '^=' | '!^=' | '$=' | '!$=';

export interface Comparison {
  kind: 'compare';
  left: Operand;
  op: CompareOp;
  right: Operand;
  at: Position;
}

/** A property path as written: `tag.AccountName` is the segments ['tag', 'AccountName']. */
export interface PropertyPath {
  kind: 'path';
  segments: string[];
  at: Position;
}

export type Literal =
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'undefined' };

export type TimeUnit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

export type DateValue =
  | { kind: 'now'; offset?: { amount: number; unit: TimeUnit } }
  | { kind: 'date'; iso: string; at: Position };

export interface ParamRef {
  kind: 'param';
  name: string;
  at: Position;
}

export type Scalar = Literal | DateValue | ParamRef;

export type Operand =
  | Scalar
  | PropertyPath
  | { kind: 'list'; joiner: 'or' | 'and'; items: Scalar[] }
  | { kind: 'regex'; source: string; flags: string; at: Position };

export type ReturnClause = { kind: 'tree' } | { kind: 'items'; items: ReturnItem[] };

export interface ReturnItem {
  expr: Expr;
  /** The item as written: the column's name unless `AS` gives one. */
  text: string;
  as?: string;
}

export type Expr =
  | { kind: 'selector'; segments: string[]; star: boolean; at: Position }
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'call'; name: string; args: Expr[]; at: Position }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/' | '%' | '^'; left: Expr; right: Expr }
  | { kind: 'negate'; operand: Expr };

export interface OrderItem {
  /** `alias.prop`, an alias, or a column name given with AS. */
  key: { kind: 'selector'; segments: string[]; at: Position } | { kind: 'column'; name: string };
  descending: boolean;
}
