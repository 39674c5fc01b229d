import { keyRef } from '../../graph/key-hash';
import type { StagedEntity } from '../jobs/job-types';
import { type ApplyContext, syncChanges, type Write, writableScope } from './apply-context';
import { planOverrides, type Target } from './override-plan';

/**
 * Applies a chunk of OVERRIDE entities (decision 0011): each names an existing entity by
 * `_id`, or by `_type` + `_key` (+ `_scope`) anywhere in the account. Its non-null properties are
 * written and pinned (listed in `_overrides`), so that later PUT, PATCH and DIFF writes keep them;
 * a null unpins. A job with a scope (or integration instance) names only entities of that scope.
 * A target that is missing, deleted, ambiguous or outside the job's scope is not written and counts
 * in numEntityUpdateErrors with its reason in the job's errors. `_class` is accepted but not written:
 * an override pins property values only. `_rawData` is stored on the target like in every mode.
 * Read, plan, write: this file reads the targets and writes; override-plan.ts decides with no IO.
 */
export async function prepareOverrides(ctx: ApplyContext, chunk: StagedEntity[]): Promise<Write> {
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
        names: Object.keys(e.properties),
      })),
    },
  );
  const plan = planOverrides(chunk, rows, { jobId: ctx.job.id, within });
  ctx.tally.add(plan.counts, plan.errors);
  return async () => {
    if (plan.writes.length === 0) return;
    await ctx.catalog.record(plan.catalog);
    await ctx.graph.writeTx(async (tx) => {
      await tx.run('sync/override-entities', {
        rows: plan.writes,
        jobId: ctx.job.id,
        now: ctx.now,
        history: syncChanges(ctx),
      });
      await tx.run('sync/refresh-search-text', { ids: plan.writes.map((w) => w.id) });
    });
  };
}
