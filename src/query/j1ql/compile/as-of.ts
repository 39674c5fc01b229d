/**
 * "As of" queries (decision 0047): the graph as it was at a time T, computed from the change
 * history (`:_Change` records, decision 0045) and the soft-delete timestamps, not from snapshots.
 *
 * Every entity and relationship an as-of query matches is bound to a variable with the suffix
 * `_t` (n0_t, r1_t...), and right after its MATCH a subquery collects its changes later than T,
 * oldest first, as `<variable>__h`. Then:
 * - a property's value at T is the `before.<name>` of the earliest later change that touched it,
 *   else the current value (`valueAt`; cypher-text.ts `property()` uses it for `_t` variables);
 * - an object was alive at T when its earliest later lifecycle change (created, deleted, revived)
 *   is a delete; with none, when it was created by T and is not deleted, or was deleted after T.
 * Objects written before history was kept have no records: they read as they are now.
 */

export const AS_OF_SUFFIX = '_t';

/** The parameter holding T (epoch ms); compile.ts binds it. */
export const AS_OF_PARAM = 'asOf';
const T = `$${AS_OF_PARAM}`;

/** Whether a Cypher variable belongs to an as-of query (its properties are read at T). */
export function isAsOf(variable: string): boolean {
  return variable.endsWith(AS_OF_SUFFIX);
}

/** The variable holding the object's changes later than T, oldest first. */
export function historyOf(variable: string): string {
  return `${variable}__h`;
}

/** A Cypher string literal of a checked property name (no backslash: cypher-text.ts). */
function literal(name: string): string {
  return `'${name.replaceAll("'", "\\'")}'`;
}

/** Properties no change records, so their current value is their value at T (and indexed). */
const NEVER_CHANGE = new Set(['_id', '_key', '_keyHash', '_accountId', '_scope', '_createdOn']);

/**
 * The value of property `name` at T of the object whose later changes are the list `h` (by
 * default the variable's); `current` is the expression of its current value.
 */
export function valueAt(
  variable: string,
  name: string,
  current: string,
  h: string = historyOf(variable),
): string {
  if (NEVER_CHANGE.has(name)) return current;
  return `head([c IN ${h} WHERE ${literal(name)} IN c.props | c[${literal(`before.${name}`)}]] + [${current}])`;
}

/**
 * The subquery that collects an object's changes later than T into `<variable>__h`: one row per
 * input row, an empty list when there are none.
 */
export function historyCall(variable: string): string {
  return (
    `CALL (${variable}) { OPTIONAL MATCH (c:_Change {accountId: $accountId, objectId: ${variable}._id}) ` +
    `WHERE c.at > ${T} WITH c ORDER BY c.at RETURN collect(c) AS ${historyOf(variable)} }`
  );
}

const LIFECYCLE = "['created', 'deleted', 'revived']";

/** The kind of the earliest lifecycle change in `h`, or null. */
function nextLifecycle(h: string): string {
  return `head([c IN ${h} WHERE c.kind IN ${LIFECYCLE} | c.kind])`;
}

/**
 * Whether the object `variable` (an expression; its later changes `h`) was alive at T
 * (`includeDeleted`: whether it existed by T).
 */
export function aliveAt(
  variable: string,
  includeDeleted: boolean,
  h: string = historyOf(variable),
): string {
  const next = nextLifecycle(h);
  const createdByThen = `coalesce(${variable}._createdOn, 0) <= ${T}`;
  if (includeDeleted) {
    return `(coalesce(${next}, '') <> 'created' AND ${createdByThen})`;
  }
  return (
    `(CASE WHEN ${next} IS NOT NULL THEN ${next} = 'deleted' ` +
    `ELSE ${createdByThen} AND (NOT coalesce(${variable}._deleted, false) OR ${variable}._endOn > ${T}) END)`
  );
}

/**
 * An object's properties at T, as a list of [name, value] pairs (Cypher builds no map with
 * computed keys): every current property and every one a later change touched, each with its
 * value at T (null: it had none), `_deleted` last. result-shape.ts turns it into the map.
 */
export function propertiesAt(variable: string, h: string = historyOf(variable)): string {
  const names = `keys(${variable}) + reduce(ks = [], c IN ${h} | ks + c.props)`;
  return (
    `[k IN ${names} | [k, head([c IN ${h} WHERE k IN c.props | c['before.' + k]] + [${variable}[k]])]] + ` +
    `[['_deleted', NOT ${aliveAt(variable, false, h)}]]`
  );
}

/** `properties(variable)`, at T for an as-of variable. */
export function propertiesOf(variable: string): string {
  return isAsOf(variable) ? propertiesAt(variable) : `properties(${variable})`;
}

/**
 * An as-of variable's object paired with its later changes, for lists built of several objects
 * (RETURN TREE, aggregates): read back with `x.o` and `x.h` (propertiesAt, valueAt).
 */
export function withHistory(variable: string): string {
  return `{o: ${variable}, h: ${historyOf(variable)}}`;
}

/** RETURN TREE of an as-of query: each object with its later changes, read at T. */
export function asOfTree(
  nodes: string[],
  rels: string[],
  stable: boolean,
): { clauses: string[]; returns: string; order: string[] } {
  const paired = (vs: string[]) => vs.map(withHistory).join(', ');
  const at = propertiesAt('x.o', 'x.h');
  return {
    clauses: [
      `WITH DISTINCT [x IN [${paired(nodes)}] WHERE x.o IS NOT NULL] AS vs, ` +
        `[x IN [${paired(rels)}] WHERE x.o IS NOT NULL] AS es`,
    ],
    returns:
      `[x IN vs | ${at}] AS vertices, ` +
      `[x IN es | {props: ${at}, fromId: startNode(x.o)._id, toId: endNode(x.o)._id}] AS edges`,
    order: stable ? ['[x IN vs | x.o._id]', '[x IN es | x.o._id]'] : [],
  };
}

/** A relationship column's value: its properties (at T for an as-of variable) and ends. */
export function edgeValue(v: string): string {
  return `CASE WHEN ${v} IS NULL THEN null ELSE {props: ${propertiesOf(v)}, fromId: startNode(${v})._id, toId: endNode(${v})._id} END`;
}

/**
 * The projected expression of a whole entity (vertex, spread) or relationship column: the
 * variable, shaped at RETURN; for an as-of variable, its value at T already (`shaped`).
 */
export function objectColumn(
  v: string,
  kind: 'spread' | 'vertex' | 'edge',
): { expr: string; shaped?: boolean } {
  if (!isAsOf(v)) return { expr: v };
  return { expr: kind === 'edge' ? edgeValue(v) : propertiesAt(v), shaped: true };
}

/**
 * `CHANGED SINCE`: the object has a recorded change at or after `since` (a parameter), and in an
 * as-of query no later than T. The changes are found by the (accountId, objectId, at) index.
 */
export function changedSince(variable: string, since: string, asOf: boolean): string {
  const until = asOf ? ` AND c.at <= ${T}` : '';
  return (
    `EXISTS { MATCH (c:_Change) WHERE c.accountId = $accountId AND c.objectId = ${variable}._id ` +
    `AND c.at >= ${since}${until} }`
  );
}
