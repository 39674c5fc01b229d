import type { ApplyContext } from './apply-context';
import type { StagedEntity } from './job-types';

/**
 * Stores the raw data of a chunk's entities once the chunk is written: each entity is found by
 * the name the upload gave it (its `_id`, or its `_key` in the job's scope, or for OVERRIDE its
 * `_type` and `_key` anywhere), then its entries go to the raw-data writer, which adds a version
 * only where the content changed. Entities the job could not write (PATCH or OVERRIDE errors)
 * keep their raw data as it was.
 */
export async function applyRawData(ctx: ApplyContext, chunk: StagedEntity[]): Promise<void> {
  const withRawData = chunk.filter((e) => e.rawData !== undefined && e.rawData.length > 0);
  if (withRawData.length === 0) return;
  const targets = await ctx.graph.read<{ i: number; entityId: string }>(
    'sync/resolve-raw-data-targets',
    {
      accountId: ctx.accountId,
      scope: ctx.scope,
      anyScope: ctx.mode === 'OVERRIDE',
      rows: withRawData.map((e, i) => ({
        i,
        id: e.id ?? null,
        key: e.key ?? null,
        type: e.type ?? null,
        scope: e.scope ?? null,
      })),
    },
  );
  ctx.tally.rawDataVersions += await ctx.rawData.write({
    accountId: ctx.accountId,
    jobId: ctx.job.id,
    now: ctx.now,
    items: targets.map((t) => ({ entityId: t.entityId, entries: withRawData[t.i]!.rawData! })),
  });
}
