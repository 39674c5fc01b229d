import { keyRef } from '../../graph/key-hash';
import type { LatestVersion, RawDataItem } from '../../rawdata/raw-data-writer';
import { type ApplyContext, type Write, writableScope } from './apply-context';
import type { StagedEntity } from '../jobs/job-types';

type Target = { i: number; entityId: string; latest: LatestVersion[] };

/**
 * The raw data of a chunk's entities, in the finalizer's two phases. Prepared with the chunk's
 * classification (reads and blob writes, while the previous chunk is written): the entities that
 * exist already are found with their entries' latest versions, and the content of every entry
 * that changed (or whose entity is new) goes to the blob store. After the chunk's write, the
 * entities that did not exist before are found, and the versions are recorded. An entity is
 * named as the mode names it: by `_id`, by `_key` in the job's scope, or for OVERRIDE by `_type`
 * and `_key` anywhere; a job with a scope never names one outside it (`writableScope`). Entities
 * the job could not write (PATCH or OVERRIDE errors) keep their raw data as it was.
 */
export async function prepareRawData(ctx: ApplyContext, chunk: StagedEntity[]): Promise<Write> {
  const withRawData = chunk.filter((e) => e.rawData !== undefined && e.rawData.length > 0);
  if (withRawData.length === 0) return () => Promise.resolve();
  const all = withRawData.map((_, i) => i);
  // A DIFF into a new scope: nothing exists yet.
  const existing = ctx.newScope ? new Map<number, Target>() : await resolve(ctx, withRawData, all);
  const items: RawDataItem[] = withRawData.map((e, i) => ({
    entries: e.rawData!,
    latest: existing.get(i)?.latest ?? [],
  }));
  const stored = await ctx.rawData.storeContent({
    accountId: ctx.accountId,
    jobId: ctx.job.id,
    items,
  });
  ctx.tally.rawDataVersions += stored.replayed;
  return async () => {
    const entityIds = new Map([...existing].map(([i, t]) => [i, t.entityId]));
    const unknown = all.filter((i) => !entityIds.has(i));
    if (unknown.length > 0) {
      for (const [i, t] of await resolve(ctx, withRawData, unknown)) entityIds.set(i, t.entityId);
    }
    ctx.tally.rawDataVersions += await ctx.rawData.record({
      accountId: ctx.accountId,
      jobId: ctx.job.id,
      now: ctx.now,
      pending: stored.pending,
      entityIdOf: (i) => entityIds.get(i),
    });
  };
}

async function resolve(
  ctx: ApplyContext,
  entities: StagedEntity[],
  indexes: number[],
): Promise<Map<number, Target>> {
  const found = await ctx.graph.read<Target>('sync/resolve-raw-data-targets', {
    accountId: ctx.accountId,
    scope: ctx.scope,
    anyScope: ctx.policy.entities.identity === 'id-or-type-key',
    within: writableScope(ctx.job),
    rows: indexes.map((i) => {
      const e = entities[i]!;
      return {
        i,
        id: e.id ?? null,
        ...keyRef(e.key),
        type: e.type ?? null,
        scope: e.scope ?? null,
        names: e.rawData!.map((entry) => entry.name),
      };
    }),
  });
  return new Map(found.map((t) => [t.i, t]));
}
