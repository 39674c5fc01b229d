import { isDeepStrictEqual } from 'node:util';
import { type PropertyKindPair, propertyKindPairs } from '../../catalog/property-kinds';
import type { JobObjectError, StagedEntity } from '../jobs/job-types';
import { type Op, replayed, type TallyCounts } from './apply-context';

/**
 * The functional core of an OVERRIDE chunk (apply-override.ts reads and writes): from the entities
 * each row names, which values are pinned or unpinned on which entity, and which rows are update
 * errors. No IO.
 */

/** An entity a row names (sync/classify-override-entities), with its values of the row's names. */
export type Target = {
  id: string;
  deleted: boolean;
  scope: string;
  /** The stored values of the row's property names, in their order. */
  values: unknown[];
  /** The names pinned by earlier overrides. */
  overrides: string[];
  lastJob: string | null;
  lastOp: string | null;
};

/** A row of sync/override-entities. */
export interface OverrideWrite {
  id: string;
  set: Record<string, unknown>;
  pin: string[];
  unpin: string[];
  /** A value that was pinned goes back to its owner's: the stored content hash no longer holds. */
  clearHash: boolean;
}

export interface OverridePlan {
  writes: OverrideWrite[];
  /** The values written, and `_overrides`, the list of pins that each write leaves. */
  catalog: PropertyKindPair[];
  counts: Pick<TallyCounts, 'entitiesCreated' | 'entitiesUpdated' | 'entityUpdateErrors'>;
  errors: JobObjectError[];
}

/**
 * Plans an OVERRIDE chunk. `found`: per row, the entities it names; `within`: the job's writable
 * scope. A row that names no live entity, or several, is an update error; one whose pins and
 * values are those stored is left alone; the others pin their non-null values and unpin nulls.
 */
export function planOverrides(
  chunk: readonly StagedEntity[],
  found: ReadonlyArray<{ i: number; found: Target[] }>,
  on: { jobId: string; within: string | null },
): OverridePlan {
  const plan: OverridePlan = {
    writes: [],
    catalog: [],
    counts: { entitiesCreated: 0, entitiesUpdated: 0, entityUpdateErrors: 0 },
    errors: [],
  };
  for (const row of found) {
    const e = chunk[row.i]!;
    const live = row.found.filter((t) => !t.deleted);
    if (live.length !== 1) {
      plan.counts.entityUpdateErrors++;
      plan.errors.push({
        kind: 'entity',
        key: e.key ?? null,
        message: problem(e, live, on.within),
      });
      continue;
    }
    const target = live[0]!;
    const write = overrideOf(e, target);
    if (write === undefined) {
      count(plan, replayed(target, on.jobId));
      continue;
    }
    count(plan, 'updated');
    plan.writes.push(write);
  }
  plan.catalog = propertyKindPairs(plan.writes.map((w) => ({ ...w.set, _overrides: w.pin })));
  return plan;
}

/** What the row writes on its target; undefined when the target holds it already. */
function overrideOf(e: StagedEntity, target: Target): OverrideWrite | undefined {
  const set: Record<string, unknown> = {};
  const pin: string[] = [];
  const unpin: string[] = [];
  let same = true;
  // `values` holds the stored values of the row's names, in this order.
  Object.keys(e.properties).forEach((name, n) => {
    const value = e.properties[name];
    if (value === null || value === undefined) {
      unpin.push(name);
      if (target.overrides.includes(name)) same = false;
    } else {
      set[name] = value;
      pin.push(name);
      if (!target.overrides.includes(name) || !isDeepStrictEqual(target.values[n], value)) {
        same = false;
      }
    }
  });
  if (same) return undefined;
  const clearHash = unpin.some((name) => target.overrides.includes(name));
  return { id: target.id, set, pin, unpin, clearHash };
}

function count(plan: OverridePlan, op: Op): void {
  if (op === 'created') plan.counts.entitiesCreated++;
  else if (op === 'updated') plan.counts.entitiesUpdated++;
}

function problem(e: StagedEntity, live: Target[], within: string | null): string {
  if (live.length === 0 && within !== null) {
    const scoped = ': an OVERRIDE job with a scope pins values on entities of that scope only';
    if (e.id === undefined && e.scope !== undefined && e.scope !== within) {
      return `_scope '${e.scope}' is not the job's scope '${within}'${scoped}`;
    }
    const what =
      e.id !== undefined ? `_id '${e.id}'` : `_type '${e.type ?? ''}' and _key '${e.key ?? ''}'`;
    return `No entity with ${what} in scope '${within}'${scoped}`;
  }
  const named =
    e.id !== undefined
      ? `_id '${e.id}'`
      : `_type '${e.type ?? ''}' and _key '${e.key ?? ''}'${e.scope === undefined ? '' : ` in scope '${e.scope}'`}`;
  if (live.length === 0) {
    return `No entity with ${named} in this account: OVERRIDE pins values on existing entities only`;
  }
  const scopes = live
    .map((t) => `'${t.scope}'`)
    .sort()
    .join(', ');
  return `${live.length} entities match ${named} (scopes ${scopes}): name the one meant with _scope or _id`;
}
