import type {
  Hop,
  NodeSpec,
  OptionalGroup,
  PropertyPath,
  RelSpec,
  Scalar,
  Step,
  TargetItem,
} from '../ast';
import { ENTITY_SEARCH_INDEX } from '../../../graph/search-index';
import { searchCondition, searchQuery } from './search-target';
import { InvalidQueryError } from '../query-errors';
import { label, type Params, property, relationshipType } from './cypher-text';
import { asList, compileFilter, type PropertyRef, propertyRef } from './filters';
import { aliveAt, AS_OF_SUFFIX, changedSince, historyCall, historyOf } from './as-of';
import type { Binding, Scope } from './scope';
import { dateValue, scalarValues, type ValueContext } from './values';

export interface MatchContext extends ValueContext {
  params: Params;
  scope: Scope;
  includeDeleted: boolean;
  /** An as-of query (as-of.ts): variables end in `_t`, each object is read as it was at T. */
  asOf: boolean;
  mayBeList(name: string): boolean;
  /** Names of fresh Cypher variables: n1, r2, g3... (n1_t... in an as-of query) */
  fresh(prefix: 'n' | 'r' | 'g'): string;
}

/** The start entity's variable. */
export function startVariable(ctx: Pick<MatchContext, 'asOf'>): string {
  return ctx.asOf ? `n0${AS_OF_SUFFIX}` : 'n0';
}

/**
 * A MATCH (or the clause that binds `bound`) and its conditions. In an as-of query each object
 * just bound first collects its later changes, which the conditions read (as-of.ts).
 */
function matched(
  clause: string,
  bound: string[],
  conditions: string[],
  ctx: MatchContext,
): string[] {
  if (!ctx.asOf) return [clause, `WHERE ${conditions.join(' AND ')}`];
  return [clause, ...bound.map((v) => historyCall(v)), `WITH * WHERE ${conditions.join(' AND ')}`];
}

/** The condition that an object is live (not soft-deleted; as of T in an as-of query). */
function liveConditions(variable: string, ctx: MatchContext): string[] {
  if (ctx.asOf) return [aliveAt(variable, ctx.includeDeleted)];
  return ctx.includeDeleted ? [] : [`${variable}._deleted = false`];
}

/**
 * The MATCH part of a query: the start entity, then each traversal as its own clause. Every
 * entity is checked against the account (and `_deleted` unless deleted data is asked for); a
 * negated traversal is a NOT EXISTS over the rest of the chain; an optional group is a UNION of
 * "stay here" and "walk the group" in a CALL subquery.
 */
export function compileStart(
  node: NodeSpec,
  ctx: MatchContext,
): { clauses: string[]; variable: string } {
  const variable = startVariable(ctx);
  bindNode(node, variable, 0, ctx);
  const conditions = nodeConditions(variable, node, ctx);
  if (node.target.kind === 'search') {
    const clause =
      `CALL db.index.fulltext.queryNodes('${ENTITY_SEARCH_INDEX}', ${ctx.params.add(searchQuery(node.target.text, node))}) ` +
      `YIELD node AS ${variable}`;
    const clauses = ctx.asOf
      ? matched(clause, [variable], conditions, ctx)
      : [clause, `WITH ${variable} WHERE ${conditions.join(' AND ')}`];
    return { clauses, variable };
  }
  const single = singleClass(node);
  const pattern =
    single === undefined
      ? `(${variable}:Entity)`
      : `(${variable}:Entity:${label(single, node.at)})`;
  return { clauses: matched(`MATCH ${pattern}`, [variable], conditions, ctx), variable };
}

/** The steps after the start; returns the clauses and the variable the chain ends on. */
export function compileSteps(
  from: string,
  steps: readonly Step[],
  depth: number,
  ctx: MatchContext,
): { clauses: string[]; variable: string } {
  const clauses: string[] = [];
  let current = from;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as Step;
    if (step.kind === 'optional') {
      const group = compileOptional(current, step, depth, ctx);
      clauses.push(...group.clauses);
      current = group.variable;
    } else if (step.rel.negated) {
      // The negation covers the rest of the chain (docs/decisions: "has no X that ...").
      const rest = [{ ...step, rel: { ...step.rel, negated: false } }, ...steps.slice(i + 1)];
      const inner = compileSteps(current, rest, depth + 1, ctx);
      clauses.push(`WITH * WHERE NOT EXISTS { ${inner.clauses.join(' ')} }`);
      return { clauses, variable: current };
    } else {
      const hop = compileHop(current, step, depth, ctx);
      clauses.push(...hop.clauses);
      current = hop.variable;
    }
  }
  return { clauses, variable: current };
}

function compileHop(
  from: string,
  hop: Hop,
  depth: number,
  ctx: MatchContext,
): { clauses: string[]; variable: string } {
  const rel = ctx.fresh('r');
  const node = ctx.fresh('n');
  bindRelationship(hop.rel, rel, depth, ctx);
  bindNode(hop.node, node, depth, ctx);
  const types = hop.rel.verbs.map((v) => relationshipType(v, hop.rel.at)).join('|');
  const relPattern = `[${rel}${types === '' ? '' : `:${types}`}]`;
  const single = singleClass(hop.node);
  const nodePattern = `(${node}:Entity${single === undefined ? '' : `:${label(single, hop.node.at)}`})`;
  const pattern =
    hop.rel.direction === 'out'
      ? `(${from})-${relPattern}->${nodePattern}`
      : hop.rel.direction === 'in'
        ? `(${from})<-${relPattern}-${nodePattern}`
        : `(${from})-${relPattern}-${nodePattern}`;
  const conditions = [...liveConditions(rel, ctx), ...nodeConditions(node, hop.node, ctx)];
  return { clauses: matched(`MATCH ${pattern}`, [rel, node], conditions, ctx), variable: node };
}

function compileOptional(
  from: string,
  group: OptionalGroup,
  depth: number,
  ctx: MatchContext,
): { clauses: string[]; variable: string } {
  const union = ctx.fresh('g');
  const before = ctx.scope.all.length;
  const walk = compileSteps(from, group.hops, depth, ctx);
  // Positions inside a negation within the group exist only there.
  const inner = ctx.scope.all
    .slice(before)
    .filter((b) => b.depth === depth)
    .map((b) => b.variable);
  // An as-of query carries each object's later changes along (as-of.ts).
  const carried = (v: string, as: string) =>
    ctx.asOf ? [`${v} AS ${as}`, `${historyOf(v)} AS ${historyOf(as)}`] : [`${v} AS ${as}`];
  const stay = [
    ...carried(from, union),
    ...inner.flatMap((v) =>
      ctx.asOf ? [`null AS ${v}`, `[] AS ${historyOf(v)}`] : [`null AS ${v}`],
    ),
  ].join(', ');
  const go = [
    ...carried(walk.variable, union),
    ...inner.flatMap((v) => (ctx.asOf ? carried(v, v) : [v])),
  ].join(', ');
  const imported = ctx.asOf ? `${from}, ${historyOf(from)}` : from;
  const clause = `CALL (${imported}) { RETURN ${stay} UNION ALL ${walk.clauses.join(' ')} RETURN ${go} }`;
  const binding: Binding = { kind: 'node', variable: union, depth };
  if (group.alias !== undefined) ctx.scope.alias(group.alias, binding, group.at);
  return { clauses: [clause], variable: union };
}

function bindNode(node: NodeSpec, variable: string, depth: number, ctx: MatchContext): void {
  const binding: Binding = { kind: 'node', variable, depth };
  ctx.scope.add(binding);
  if (node.alias !== undefined) ctx.scope.alias(node.alias, binding, node.at);
  else if (node.target.kind === 'union' && node.target.items.length === 1) {
    const item = node.target.items[0] as TargetItem;
    if (item.kind !== 'smart') ctx.scope.implicitName(item.name, binding);
  }
}

function bindRelationship(rel: RelSpec, variable: string, depth: number, ctx: MatchContext): void {
  const binding: Binding = { kind: 'relationship', variable, depth };
  ctx.scope.add(binding);
  if (rel.alias !== undefined) ctx.scope.alias(rel.alias, binding, rel.at);
  else if (rel.verbs.length === 1) ctx.scope.implicitName(rel.verbs[0] as string, binding);
}

/** A node whose target is one class can put the label in the pattern (a label scan). */
function singleClass(node: NodeSpec): string | undefined {
  const t = node.target;
  if (t.kind === 'union' && t.items.length === 1 && t.items[0]?.kind === 'class')
    return t.items[0].name;
  return undefined;
}

function nodeConditions(variable: string, node: NodeSpec, ctx: MatchContext): string[] {
  const conditions = [`${variable}._accountId = $accountId`, ...liveConditions(variable, ctx)];
  const target = targetCondition(variable, node, ctx);
  if (target !== undefined) conditions.push(target);
  if (node.changedSince !== undefined) {
    const since = ctx.params.add(sinceMillis(node.changedSince, node, ctx));
    conditions.push(changedSince(variable, since, ctx.asOf));
  }
  if (node.filter !== undefined) {
    conditions.push(
      compileFilter(node.filter, {
        ...ctx,
        property: (path: PropertyPath): PropertyRef => ownProperty(variable, path, ctx),
      }),
    );
  }
  return conditions;
}

/** The time of `CHANGED SINCE`: a date (`date.now - 1 day`, `date(...)`) or epoch ms. */
function sinceMillis(since: Scalar, node: NodeSpec, ctx: MatchContext): number {
  if (since.kind === 'now' || since.kind === 'date') return dateValue(since, ctx.now);
  const values = scalarValues(since, ctx);
  const [value] = values;
  if (values.length !== 1 || typeof value !== 'number') {
    throw new InvalidQueryError(
      'CHANGED SINCE takes a time: date.now - 1 day, date(2026-11-01) or epoch milliseconds',
      node.at,
    );
  }
  return value;
}

function ownProperty(variable: string, path: PropertyPath, ctx: MatchContext): PropertyRef {
  const name = path.segments.join('.');
  return propertyRef(variable, name, ctx.mayBeList(name));
}

function targetCondition(variable: string, node: NodeSpec, ctx: MatchContext): string | undefined {
  const t = node.target;
  switch (t.kind) {
    case 'any':
      return undefined;
    case 'search':
      // The start node comes from the full-text index; a later one is checked word by word.
      return variable === startVariable(ctx)
        ? undefined
        : searchCondition(variable, t.text, node, ctx);
    case 'smart-and':
      return `(${smartCondition(variable, t.smart, ctx)} AND ${itemsCondition(variable, [t.item], node, ctx)})`;
    case 'union':
      if (singleClass(node) !== undefined) return undefined; // in the pattern already
      return itemsCondition(variable, t.items, node, ctx);
  }
}

function itemsCondition(
  variable: string,
  items: readonly TargetItem[],
  node: NodeSpec,
  ctx: MatchContext,
): string {
  const types = items.filter((i) => i.kind === 'type').map((i) => i.name);
  const parts: string[] = [];
  if (types.length === 1) parts.push(`${variable}._type = ${ctx.params.add(types[0])}`);
  if (types.length > 1) parts.push(`${variable}._type IN ${ctx.params.add(types)}`);
  for (const item of items) {
    if (item.kind === 'class') parts.push(`${variable}:${label(item.name, node.at)}`);
    if (item.kind === 'smart') parts.push(smartCondition(variable, item.name, ctx));
  }
  return parts.length === 1 ? (parts[0] as string) : `(${parts.join(' OR ')})`;
}

const CRITICAL_ASSET_CLASSES = ['Application', 'CodeRepo', 'DataStore', 'Function', 'Host', 'Logs'];

/**
 * Smart classes (docs/guide/j1ql.md, "FIND: what the query starts from"): `#Foo` is an entity
 * tagged Foo, in `tags` or as `tag.Foo = true`; `#CriticalAsset` also covers production assets
 * classified critical.
 */
function smartCondition(variable: string, name: string, ctx: MatchContext): string {
  const tagged =
    `(any(e IN ${asList(property(variable, 'tags'))} WHERE e = ${ctx.params.add(name)}) ` +
    `OR ${property(variable, `tag.${name}`)} = true)`;
  if (name !== 'CriticalAsset') return tagged;
  const classes = CRITICAL_ASSET_CLASSES.map((c) => `${variable}:${c}`).join(' OR ');
  return (
    `((${classes}) AND ${property(variable, 'tag.Production')} = true AND ` +
    `${property(variable, 'classification')} = ${ctx.params.add('critical')} OR ${tagged})`
  );
}
