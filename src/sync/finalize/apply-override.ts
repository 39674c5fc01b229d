import { isDeepStrictEqual } from 'node:util';
import { propertyKindPairs } from '../../catalog/property-kinds';
import { keyRef } from '../../graph/key-hash';
import { type ApplyContext, replayed, type Write, writableScope } from './apply-context';
import type { StagedEntity } from '../jobs/job-types';

/**
 * Applies a chunk of OVERRIDE entities (decision 0011): each names an existing entity by
 * `_id`, or by `_type` + `_key` (+ `_scope`) anywhere in the account. Its non-null properties are
 * written and pinned (listed in `_overrides`), so that later PUT, PATCH and DIFF writes keep them;
 * a null unpins. A job with a scope (or integration instance) names only entities of that scope.
 * A target that is missing, deleted, ambiguous or outside the job's scope is not written and counts
 * in numEntityUpdateErrors with its reason in the job's errors. `_class` is accepted but not written:
 * an override pins property values only. `_rawData` is stored on the target like in every mode.
 */
type Target = {
  id: string;
  deleted: boolean;
  scope: string;
  values: unknown[];
  overrides: string[];
  lastJob: string | null;
  lastOp: string | null;
};

export async function prepareOverrides(ctx: ApplyContext, chunk: StagedEntity[]): Promise<Write> {
  const names = chunk.map((e) => Object.keys(e.properties));
  const within = writableScope(ctx.job);
  const rows = await ctx.graph.read<{ i: number; found: Target[] }>(
    'sync/classify-override-entities',
    {
      accountId: ctx.accountId,
      scope: within,
      rows: chunk.map((e, i) => ({
        i,
        id: e.id ?? null,
        ...keyRef(e.id === undefined ? e.key : null),
        type: e.type ?? null,
        scope: e.scope ?? null,
        names: names[i],
      })),
    },
  );
  const writes: Array<{
    id: string;
    set: Record<string, unknown>;
    pin: string[];
    unpin: string[];
    clearHash: boolean;
  }> = [];
  for (const { i, found } of rows) {
    const e = chunk[i]!;
    const live = found.filter((t) => !t.deleted);
    if (live.length !== 1) {
      ctx.tally.entityUpdateErrors++;
      ctx.tally.error({ kind: 'entity', key: e.key ?? null, message: problem(e, live, within) });
      continue;
    }
    const target = live[0]!;
    const set: Record<string, unknown> = {};
    const pin: string[] = [];
    const unpin: string[] = [];
    let same = true;
    names[i]!.forEach((name, n) => {
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
    if (same) {
      ctx.tally.entity(replayed(target, ctx.job.id));
      continue;
    }
    ctx.tally.entity('updated');
    writes.push({
      id: target.id,
      set,
      pin,
      unpin,
      clearHash: unpin.some((name) => target.overrides.includes(name)),
    });
  }
  // The values written, and `_overrides`, the list of pins that each write leaves.
  const pairs = propertyKindPairs(writes.map((w) => ({ ...w.set, _overrides: w.pin })));
  return async () => {
    if (writes.length === 0) return;
    await ctx.catalog.record(pairs);
    await ctx.graph.writeTx(async (tx) => {
      await tx.run('sync/override-entities', { rows: writes, jobId: ctx.job.id, now: ctx.now });
      await tx.run('sync/refresh-search-text', { ids: writes.map((w) => w.id) });
    });
  };
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
