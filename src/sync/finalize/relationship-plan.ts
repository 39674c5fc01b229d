import { type PropertyKindPair, propertyKindPairs } from '../../catalog/property-kinds';
import { keyHash } from '../../graph/key-hash';
import type { JobObjectError, StagedRelationship } from '../jobs/job-types';
import { type Op, type PlanContext, replayed, stamp, type TallyCounts } from './apply-context';
import { withoutNulls } from './content-hash';
import type { MappedResolution, ResolvedMapped } from './apply-mapped';

/**
 * The functional core of a relationship chunk's finalization: from what the graph holds for each
 * uploaded relationship (relationship-reads.ts), what is created, updated, left alone or refused,
 * and the rows of the statements that write it (relationship-writes.ts). No IO: the same input
 * plans the same writes (given `newId`).
 */

/** What the graph holds for one row of the chunk (sync/classify-relationships). */
export type Classified = {
  /** The row's index in the chunk. */
  i: number;
  fromId: string | null;
  fromDeleted: boolean | null;
  toId: string | null;
  toDeleted: boolean | null;
  /** The stored relationship with the row's `_key`, if any. */
  relId: string | null;
  relType: string | null;
  deleted: boolean | null;
  hash: string | null;
  /** Mode `merge`: the stored properties hold the row's. */
  same: boolean;
  lastJob: string | null;
  lastOp: string | null;
};

/** A row whose relationship is not stored yet (its ends filled in by the caller). */
export const NO_RELATIONSHIP: Classified = {
  i: -1,
  fromId: null,
  fromDeleted: null,
  toId: null,
  toDeleted: null,
  relId: null,
  relType: null,
  deleted: null,
  hash: null,
  same: false,
  lastJob: null,
  lastOp: null,
};

/** A chunk as read from the graph: the planner's input. */
export interface ClassifiedChunk {
  /** The chunk's relationships (standard, then mapped ones resolved to ids), indexed by `i`. */
  rows: readonly StagedRelationship[];
  /** Each row's content hash (relationshipHash). */
  hashes: readonly string[];
  /** What the graph holds for the rows, in the order they are planned. */
  classified: readonly Classified[];
  /** Rows stored without a hash whose content is exactly the upload's (mode `replace`). */
  sameContent: ReadonlySet<number>;
  /** The rows that go to a placeholder this chunk creates, with their resolved mapping. */
  toNewPlaceholder: ReadonlyMap<number, ResolvedMapped>;
  /** The chunk's mapped relationships, resolved, and the placeholders they create. */
  mapping: MappedResolution;
}

/** A row of sync/create-relationships, before a placeholder's actual `_id` is known. */
export interface CreateRow {
  fromId: string | null;
  toId: string | null;
  class: string;
  props: Record<string, unknown>;
  /** Set when the relationship goes to a placeholder this chunk creates. */
  mapped?: ResolvedMapped;
}

/** A row of sync/update-relationships; `replace` revives a deleted one with only the upload. */
export interface UpdateRow {
  relId: string;
  fromId: string | null;
  class: string;
  replace?: true;
  props: Record<string, unknown>;
}

/** A row of sync/touch-mapped-relationships: a mapped relationship this job resolved. */
export interface TouchRow {
  fromId: string;
  toId: string;
  key: string;
  mapped: ResolvedMapped;
}

export interface RelationshipPlan {
  creates: CreateRow[];
  updates: UpdateRow[];
  /** Relationships equal to the upload but stored without a hash: the hash is recorded. */
  hashFills: Array<{ relId: string; fromId: string | null; hash: string }>;
  /** Mapped relationships resolved by this chunk, which the job marks as its own. */
  touched: TouchRow[];
  /** Relationships recorded for the cross-scope delete step of later jobs. */
  links: Array<{ fromId: string | null; key: string; keyHash: string }>;
  /** Placeholder targets created before the relationships to them. */
  placeholders: MappedResolution['placeholders'];
  /** Whether updates merge the given properties into the stored ones (mode `merge`). */
  merge: boolean;
  /** What the property catalog learns: relationship properties and placeholder entities. */
  catalog: PropertyKindPair[];
  /** How the chunk counts in the job's counters. */
  counts: Pick<
    TallyCounts,
    'relationshipsCreated' | 'relationshipsUpdated' | 'relationshipCreateErrors'
  >;
  /** The relationships that could not be created, and why. */
  errors: JobObjectError[];
}

/**
 * Plans a classified chunk: a relationship with a missing or deleted end is refused; one that is
 * not stored is created; a deleted one is revived (created, with exactly the upload); one whose
 * class and content are unchanged is left alone (counted as what it was when this job wrote it
 * before); one stored without a hash but equal to the upload gets its hash; the rest are updated.
 */
export function planRelationshipWrites(chunk: ClassifiedChunk, on: PlanContext): RelationshipPlan {
  const merge = on.policy.writes === 'merge';
  const plan: RelationshipPlan = {
    creates: [],
    updates: [],
    hashFills: [],
    touched: touchedBy(chunk.mapping),
    links: [],
    placeholders: chunk.mapping.placeholders,
    merge,
    catalog: [],
    counts: { relationshipsCreated: 0, relationshipsUpdated: 0, relationshipCreateErrors: 0 },
    errors: [],
  };
  for (const c of chunk.classified) {
    const r = chunk.rows[c.i]!;
    const missing = endProblem(r, c);
    if (missing !== undefined) {
      plan.counts.relationshipCreateErrors++;
      plan.errors.push({ kind: 'relationship', key: r.key, message: missing });
      continue;
    }
    const op = planOne(plan, { r, c, hash: chunk.hashes[c.i]!, chunk, on });
    if (op === 'created') plan.counts.relationshipsCreated++;
    else if (op === 'updated') plan.counts.relationshipsUpdated++;
    // Every relationship written is recorded for the cross-scope delete step of later jobs.
    if (on.policy.deletesAbsent.relationships === 'cross-scope' && op !== 'unchanged') {
      plan.links.push({ fromId: c.fromId, key: r.key, keyHash: keyHash(r.key) });
    }
  }
  plan.catalog = propertyKindPairs(
    [...plan.creates, ...plan.updates, ...plan.placeholders].map((row) => row.props),
  );
  return plan;
}

/** Adds one row's write to the plan; returns how it counts. */
function planOne(
  plan: RelationshipPlan,
  row: {
    r: StagedRelationship;
    c: Classified;
    hash: string;
    chunk: ClassifiedChunk;
    on: PlanContext;
  },
): Op {
  const { r, c, hash, chunk, on } = row;
  if (c.relId === null) {
    const mapped = chunk.toNewPlaceholder.get(c.i);
    plan.creates.push({
      fromId: c.fromId,
      toId: c.toId,
      class: r.class,
      props: {
        ...props(on, r, hash, 'created', false),
        _accountId: on.accountId,
        _scope: on.scope,
        _key: r.key,
        _id: on.newId(),
        _createdOn: on.now,
        _version: 1,
      },
      ...(mapped === undefined ? {} : { mapped }),
    });
    return 'created';
  }
  const base = { relId: c.relId, fromId: c.fromId, class: r.class };
  if (c.deleted === true) {
    // Revived: counted as created, and back with exactly the uploaded content (PUT too).
    plan.updates.push({
      ...base,
      replace: true,
      props: { ...props(on, r, hash, 'created', true), _hash: hash },
    });
    return 'created';
  }
  if (c.relType === r.class && (plan.merge ? c.same : c.hash === hash)) {
    return replayed(c, on.job.id);
  }
  if (chunk.sameContent.has(c.i)) {
    // Stored without a hash (a PUT wrote it) but equal to the upload: not an update. The hash
    // is recorded so that DIFF's delete step sees the relationship as received.
    plan.hashFills.push({ relId: c.relId, fromId: c.fromId, hash });
    return replayed(c, on.job.id);
  }
  plan.updates.push({ ...base, props: props(on, r, hash, 'updated', true) });
  return 'updated';
}

/** Every relationship resolved from a mapping, to a target that exists or to a placeholder. */
function touchedBy(mapping: MappedResolution): TouchRow[] {
  return mapping.resolved.map((m) => ({
    fromId: m.relationship.fromId,
    toId: m.relationship.toId,
    key: m.relationship.key,
    mapped: m,
  }));
}

/** Why a relationship cannot be written: an end that matches no entity or a deleted one. */
export function endProblem(r: StagedRelationship, c: Classified): string | undefined {
  const side = (which: 'from' | 'to'): string | undefined => {
    const id = which === 'from' ? c.fromId : c.toId;
    const deleted = which === 'from' ? c.fromDeleted : c.toDeleted;
    const byId = which === 'from' ? r.fromId : r.toId;
    const byKey = which === 'from' ? r.fromKey : r.toKey;
    const inScope = which === 'from' ? r.fromScope : r.toScope;
    const what =
      byId !== undefined
        ? `_${which}EntityId '${byId}'`
        : `_${which}EntityKey '${byKey ?? ''}'${inScope === undefined ? '' : ` in scope '${inScope}'`}`;
    if (id === null) return `${what} matches no entity`;
    if (deleted === true) return `${what} names a deleted entity`;
    return undefined;
  };
  const problems = [side('from'), side('to')].filter((p) => p !== undefined);
  return problems.length === 0 ? undefined : `Relationship not created: ${problems.join(' and ')}`;
}

function props(
  on: PlanContext,
  r: StagedRelationship,
  hash: string,
  op: 'created' | 'updated',
  existing: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...withoutNulls(r.properties),
    ...stamp(on, op),
    _type: r.type,
    _class: r.class,
    _endOn: null,
    // Mode `merge` writes over what is stored, so the stored content no longer has a known hash.
    _hash: on.policy.writes === 'merge' && existing ? null : hash,
  };
  if (r.mapping !== undefined) {
    // Resolved from a mapping: its ends are the mapping's to say, not stored ids.
    out._mapped = true;
    out._lastMappedJobId = on.job.id;
    return out;
  }
  if (r.fromKey !== undefined) out._fromEntityKey = r.fromKey;
  if (r.toKey !== undefined) out._toEntityKey = r.toKey;
  if (r.fromId !== undefined) out._fromEntityId = r.fromId;
  if (r.toId !== undefined) out._toEntityId = r.toId;
  if (r.fromScope !== undefined) out._fromEntityScope = r.fromScope;
  if (r.toScope !== undefined) out._toEntityScope = r.toScope;
  return out;
}
