import { type PropertyKindPair, propertyKindPairs } from '../../catalog/property-kinds';
import { keyRef } from '../../graph/key-hash';
import type { JobObjectError, StagedEntity } from '../jobs/job-types';
import { type Op, type PlanContext, replayed, stamp, type TallyCounts } from './apply-context';
import { withoutNulls } from './content-hash';
import { searchText } from '../../model/search-text';

/**
 * The functional core of an entity chunk's finalization in the `upsert` and `patch` modes (DIFF,
 * PUT, PATCH): from what the graph holds for each uploaded entity (apply-entities.ts reads it),
 * what is created, updated, left alone or refused, as the rows of the statements that write it.
 * No IO: the same input plans the same writes (given `newId`).
 */

/** What the graph holds for one row of the chunk (sync/classify-entities and -patch-entities). */
export type Classified = {
  /** The row's index in the chunk. */
  i: number;
  /** The stored entity the row names, if any. */
  id: string | null;
  deleted: boolean | null;
  hash?: string | null;
  /** Mode `merge` (and PATCH): the stored properties hold the row's. */
  same: boolean;
  lastJob: string | null;
  lastOp: string | null;
};

/** A row of sync/create-entities. */
export type CreateRow = { classes: string[] | undefined; props: Record<string, unknown> };

/** A row of sync/update-entities: `replace` writes only the upload; `adopt` takes a placeholder. */
export type UpdateRow = {
  id: string;
  classes: string[] | null | undefined;
  props: Record<string, unknown>;
  replace?: boolean;
  adopt?: boolean;
};

export interface EntityPlan {
  creates: CreateRow[];
  updates: UpdateRow[];
  /** Entities equal to the upload but stored without a hash: the hash is recorded. */
  hashFills: Array<{ id: string; hash: string }>;
  /** Whether updates merge the given properties into the stored ones. */
  merge: boolean;
  /** What the property catalog learns (nulls, which remove, are not kinds). */
  catalog: PropertyKindPair[];
  /** How the chunk counts in the job's counters. */
  counts: Pick<TallyCounts, 'entitiesCreated' | 'entitiesUpdated' | 'entityUpdateErrors'>;
  /** The entities that could not be written, and why. */
  errors: JobObjectError[];
}

/** An upsert chunk as read from the graph. */
export interface UpsertChunk {
  rows: readonly StagedEntity[];
  /** Each row's content hash (entityHash). */
  hashes: readonly string[];
  classified: readonly Classified[];
  /** Rows stored without a hash whose content is exactly the upload's (mode `replace`). */
  sameContent: ReadonlySet<number>;
  /** Rows about to be created that adopt a mapper placeholder: index to its `_id`. */
  adopted: ReadonlyMap<number, string>;
}

/**
 * Plans an upsert chunk: a row that a placeholder waits for adopts it; one that is not stored is
 * created; a deleted one is revived (created, with exactly the upload, also in PUT: nothing of
 * the deleted state comes back); an unchanged one is left alone (counted as what it was when this
 * job wrote it before); one stored without a hash but equal to the upload gets its hash; the rest
 * are updated: mode `replace` rewrites them whole, `merge` writes the given properties.
 */
export function planUpserts(chunk: UpsertChunk, on: PlanContext): EntityPlan {
  const plan = emptyPlan(on.policy.writes === 'merge');
  for (const c of chunk.classified) {
    const e = chunk.rows[c.i]!;
    const hash = chunk.hashes[c.i]!;
    count(plan, planUpsert(plan, { e, c, hash, chunk, on }));
  }
  plan.catalog = writtenPairs(plan);
  return plan;
}

function planUpsert(
  plan: EntityPlan,
  row: { e: StagedEntity; c: Classified; hash: string; chunk: UpsertChunk; on: PlanContext },
): Op {
  const { e, c, hash, chunk, on } = row;
  const placeholder = chunk.adopted.get(c.i);
  if (placeholder !== undefined) {
    // A mapped relationship's placeholder target becomes this entity (keeping its _id and its
    // relationships): created, for the client, with exactly the uploaded content.
    plan.updates.push({
      id: placeholder,
      classes: e.classes,
      replace: true,
      adopt: true,
      props: {
        ...writeProps(on, e, hash, 'created'),
        _hash: hash,
        _scope: on.scope,
        _createdOn: on.now,
      },
    });
    return 'created';
  }
  if (c.id === null) {
    plan.creates.push({ classes: e.classes, props: createProps(on, e, hash) });
    return 'created';
  }
  if (c.deleted === true) {
    plan.updates.push({
      id: c.id,
      classes: e.classes,
      replace: true,
      props: { ...writeProps(on, e, hash, 'created'), _hash: hash },
    });
    return 'created';
  }
  if (plan.merge ? c.same : c.hash === hash) return replayed(c, on.job.id);
  if (chunk.sameContent.has(c.i)) {
    // Stored without a hash (a PUT or PATCH wrote it) but equal to the upload: not an update.
    plan.hashFills.push({ id: c.id, hash });
    return replayed(c, on.job.id);
  }
  plan.updates.push({ id: c.id, classes: e.classes, props: writeProps(on, e, hash, 'updated') });
  return 'updated';
}

/**
 * Plans a PATCH chunk: an entity that is missing or deleted (or outside the job's scope) is an
 * update error; one that holds the given properties is left alone; the rest get them merged in
 * (a null removes a property), and no longer have a known hash.
 */
export function planPatches(
  rows: readonly StagedEntity[],
  classified: readonly Classified[],
  on: PlanContext,
): EntityPlan {
  const plan = emptyPlan(true);
  for (const c of classified) {
    const e = rows[c.i]!;
    if (c.id === null || c.deleted === true) {
      plan.counts.entityUpdateErrors++;
      plan.errors.push({ kind: 'entity', key: e.key ?? null, message: patchMiss(e, on.scope) });
      continue;
    }
    if (c.same) {
      count(plan, replayed(c, on.job.id));
      continue;
    }
    count(plan, 'updated');
    const props: Record<string, unknown> = {
      ...e.properties,
      ...stamp(on, 'updated'),
      _hash: null,
    };
    if (e.type !== undefined) props._type = e.type;
    if (e.classes !== undefined) props._class = e.classes;
    plan.updates.push({ id: c.id, classes: e.classes ?? null, props });
  }
  plan.catalog = writtenPairs(plan);
  return plan;
}

function patchMiss(e: StagedEntity, scope: string | null): string {
  if (e.id === undefined) {
    return `No entity with _key '${e.key ?? ''}' in scope '${scope ?? ''}': PATCH updates existing entities only`;
  }
  return scope === null
    ? `No entity with _id '${e.id}' in this account: PATCH updates existing entities only`
    : `No entity with _id '${e.id}' in scope '${scope}': PATCH updates existing entities of the job's scope only`;
}

/** The properties a PUT or PATCH asserts; with keepNulls (PATCH) a null asserts "absent". */
export function comparable(e: StagedEntity, keepNulls: boolean): Record<string, unknown> {
  const props: Record<string, unknown> = keepNulls
    ? { ...e.properties }
    : withoutNulls(e.properties);
  if (e.type !== undefined) props._type = e.type;
  if (e.classes !== undefined) props._class = e.classes;
  return props;
}

function emptyPlan(merge: boolean): EntityPlan {
  return {
    creates: [],
    updates: [],
    hashFills: [],
    merge,
    catalog: [],
    counts: { entitiesCreated: 0, entitiesUpdated: 0, entityUpdateErrors: 0 },
    errors: [],
  };
}

function count(plan: EntityPlan, op: Op): void {
  if (op === 'created') plan.counts.entitiesCreated++;
  else if (op === 'updated') plan.counts.entitiesUpdated++;
}

function writtenPairs(plan: EntityPlan): PropertyKindPair[] {
  return propertyKindPairs([...plan.creates, ...plan.updates].map((row) => row.props));
}

function createProps(on: PlanContext, e: StagedEntity, hash: string): Record<string, unknown> {
  const props: Record<string, unknown> = {
    ...withoutNulls(e.properties),
    ...stamp(on, 'created'),
    _accountId: on.accountId,
    _scope: on.scope,
    _key: e.key,
    _keyHash: keyRef(e.key).keyHash,
    _type: e.type,
    _class: e.classes,
    _id: on.newId(),
    _createdOn: on.now,
    _version: 1,
    _hash: hash,
  };
  props._searchText = searchText(props);
  return props;
}

/** Properties of an update: mode `replace`'s whole new content; `merge`'s given ones (hash unknown after). */
function writeProps(
  on: PlanContext,
  e: StagedEntity,
  hash: string,
  op: 'created' | 'updated',
): Record<string, unknown> {
  return {
    ...withoutNulls(e.properties),
    ...stamp(on, op),
    _type: e.type,
    _class: e.classes,
    _endOn: null,
    _hash: on.policy.writes === 'merge' ? null : hash,
  };
}
