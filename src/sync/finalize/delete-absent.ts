import { type ApplyContext, syncChanges } from './apply-context';

/** Relationships or entities soft deleted per transaction. */
export const DELETE_CHUNK = 10_000;

/** The delete steps a mode's `deletesAbsent` asks for (DIFF: entities, in-scope; CROSS_SCOPE). */
const DELETE_STATEMENTS = {
  entities: { delete: 'sync/soft-delete-absent-entities', count: 'sync/count-entity-deletes' },
  relationships: {
    delete: 'sync/soft-delete-absent-relationships',
    count: 'sync/count-relationship-deletes',
  },
  'cross-scope': {
    delete: 'sync/soft-delete-absent-cross-scope',
    count: 'sync/count-cross-scope-deletes',
  },
} as const;

export type DeleteStep = keyof typeof DELETE_STATEMENTS;

/**
 * Soft deletes what the scope holds and the job did not upload (sparing the finalize's partial
 * dataset types), in chunks of DELETE_CHUNK; returns how many. `rerun`: an earlier run of the
 * job may have deleted some already, so the count is read afterwards instead, and includes them.
 */
export async function softDeleteAbsent(
  ctx: ApplyContext,
  scope: string,
  what: DeleteStep,
  rerun: boolean,
): Promise<number> {
  // A DIFF's deletes set `_endOn`: the catalog knows it once a DIFF ran, deletes or not.
  await ctx.catalog.record([{ name: '_endOn', kind: 'number' }]);
  // The scope held nothing before this job (and a re-run finds it not new): all it holds now is
  // what the job uploaded, and its keys were not staged (finalize-staging.ts).
  if (ctx.newScope && what !== 'cross-scope') return 0;
  const params = {
    accountId: ctx.accountId,
    scope,
    jobId: ctx.job.id,
    partialTypes: ctx.job.partialDatasetTypes ?? [],
    now: ctx.now,
    limit: DELETE_CHUNK,
    history: syncChanges(ctx),
  };
  const statement = DELETE_STATEMENTS[what].delete;
  let deleted = 0;
  for (;;) {
    const [row] = await ctx.graph.write<{ deleted: number }>(statement, params);
    deleted += row?.deleted ?? 0;
    if ((row?.deleted ?? 0) < DELETE_CHUNK) break;
  }
  if (!rerun) return deleted;
  const [row] = await ctx.graph.read<{ deleted: number }>(DELETE_STATEMENTS[what].count, {
    accountId: ctx.accountId,
    scope,
    jobId: ctx.job.id,
  });
  return row?.deleted ?? 0;
}
