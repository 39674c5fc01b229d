import { type AbsentRule, scanCrossScope, scanEntities, scanRelationships } from './absent-scan';
import { type ApplyContext, syncChanges } from './apply-context';

/** Relationships or entities soft deleted per transaction. */
export const DELETE_CHUNK = 10_000;

/** The delete steps a mode's `deletesAbsent` asks for (DIFF: entities, in-scope; CROSS_SCOPE). */
const COUNT_STATEMENTS = {
  entities: 'sync/count-entity-deletes',
  relationships: 'sync/count-relationship-deletes',
  'cross-scope': 'sync/count-cross-scope-deletes',
} as const;

export type DeleteStep = keyof typeof COUNT_STATEMENTS;

type Found = Array<{ id: string; keyHash: string }>;

/**
 * Soft deletes what the scope holds and the job did not upload (sparing the finalize's partial
 * dataset types): one streamed read of the scope, told apart by the job's keys in this process
 * (absent-scan.ts, decision 0051; for a DIFF re-run's entities, the read its entity step made,
 * decision 0057), then soft deletes by element id in chunks of DELETE_CHUNK;
 * returns how many. `rerun`: an earlier run of the job may have deleted some already, so the
 * count is read afterwards instead, and includes them.
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
  // what the job uploaded.
  if (ctx.newScope && what !== 'cross-scope') return 0;
  if (ctx.keys === undefined) throw new Error(`job ${ctx.job.id} deletes without its keys`);
  const rule: AbsentRule = {
    accountId: ctx.accountId,
    scope,
    jobId: ctx.job.id,
    partialTypes: ctx.job.partialDatasetTypes ?? [],
    keys: ctx.keys,
  };
  const found = await absentOf(ctx, rule, what);
  const params = { accountId: ctx.accountId, scope, jobId: ctx.job.id, now: ctx.now };
  const statement =
    what === 'entities' ? 'sync/soft-delete-entities' : 'sync/soft-delete-relationships';
  let deleted = 0;
  for (let from = 0; from < found.length; from += DELETE_CHUNK) {
    const [row] = await ctx.graph.write<{ deleted: number }>(statement, {
      ...params,
      rows: found.slice(from, from + DELETE_CHUNK),
      history: syncChanges(ctx),
    });
    deleted += row?.deleted ?? 0;
  }
  if (!rerun) return deleted;
  const [row] = await ctx.graph.read<{ deleted: number }>(COUNT_STATEMENTS[what], {
    accountId: ctx.accountId,
    scope,
    jobId: ctx.job.id,
  });
  return row?.deleted ?? 0;
}

/** What the step deletes (the cross-scope step also drops the links of relationships gone). */
async function absentOf(ctx: ApplyContext, rule: AbsentRule, what: DeleteStep): Promise<Found> {
  let found: Found = [];
  const collect = () => {
    found = [];
    return (row: { id: string; keyHash: string }, absent: boolean) => {
      if (absent) found.push({ id: row.id, keyHash: row.keyHash });
    };
  };
  if (what === 'entities') {
    // A DIFF re-run's entity read found them already (scope-snapshot.ts, decision 0057).
    const known = ctx.snapshot?.takeAbsentEntities();
    if (known !== undefined) return known;
    await scanEntities(ctx.graph, rule, collect);
  } else if (what === 'relationships') {
    const mappedUploaded = ctx.job.numMappedRelationshipsUploaded > 0;
    await scanRelationships(ctx.graph, { ...rule, before: false, mappedUploaded }, collect);
  } else {
    const cross = await scanCrossScope(ctx.graph, rule);
    for (let from = 0; from < cross.goneLinks.length; from += DELETE_CHUNK) {
      await ctx.graph.write('sync/drop-cross-scope-links', {
        accountId: ctx.accountId,
        scope: rule.scope,
        ids: cross.goneLinks.slice(from, from + DELETE_CHUNK),
      });
    }
    found = cross.absent;
  }
  return found;
}
