import { randomUUID } from 'node:crypto';
import { keyRef } from '../../graph/key-hash';
import type { StagedEntity } from '../jobs/job-types';
import type { ModePolicy } from '../modes/mode-policy';
import { TYPE_LABEL_PATTERN } from '../../graph/type-labels';
import { type ApplyContext, syncChanges, type Write } from './apply-context';
import { PLACEHOLDER_SCOPE } from './apply-mapped';
import { prepareOverrides } from './apply-override';
import { prepareRawData } from './apply-raw-data';
import type { ObservedContext } from './plan-observer';
import { entityHashOf } from './content-hash';
import {
  type Classified,
  comparable,
  type EntityPlan,
  planPatches,
  planUpserts,
} from './entity-plan';

/**
 * Applies a chunk of entities: classify each against the graph (one read), then create and
 * update in one write transaction. DIFF compares content hashes and
 * rewrites changed entities whole; PUT writes the given properties over the stored ones (nulls
 * stripped); PATCH does the same by `_id` or `_key` (null removes) and never creates. With a scope,
 * PATCH writes only entities of that scope: an `_id` of another scope is an update error.
 * Read, plan, write: this file reads and writes; entity-plan.ts decides with no IO.
 */

const NEW_ENTITY = (i: number): Classified => ({
  i,
  id: null,
  deleted: null,
  hash: null,
  same: false,
  lastJob: null,
  lastOp: null,
});

/**
 * Classifies one chunk of entities (reads only, tallying what each will be) and returns the write
 * that applies it. The finalizer runs the next chunk's classification while this one writes.
 */
export async function prepareEntities(ctx: ObservedContext, chunk: StagedEntity[]): Promise<Write> {
  const [write, writeRawData] = await Promise.all([
    APPLY[ctx.policy.entities.apply](ctx, chunk),
    prepareRawData(ctx, chunk),
  ]);
  // Raw-data versions are recorded once their entities exist.
  return async () => {
    await write();
    await writeRawData();
  };
}

/** Each way of applying a mode's entities (ModePolicy.entities.apply). */
const APPLY: Record<
  ModePolicy['entities']['apply'],
  (ctx: ObservedContext, chunk: StagedEntity[]) => Promise<Write>
> = {
  upsert: (ctx, chunk) => upsertChunk(ctx, chunk),
  patch: (ctx, chunk) => patchChunk(ctx, chunk),
  override: (ctx, chunk) => prepareOverrides(ctx, chunk),
};

async function upsertChunk(ctx: ObservedContext, chunk: StagedEntity[]): Promise<Write> {
  const merge = ctx.policy.writes === 'merge';
  const hashes = chunk.map((e) => entityHashOf(e));
  // Mode `replace`: rows found unchanged (same hash, live, not this job's) are left out by the
  // query; in a new scope there is nothing to look up.
  const classified = ctx.newScope
    ? chunk.map((_, i) => NEW_ENTITY(i))
    : await classify(ctx, chunk, hashes);
  const sameContent = merge ? new Set<number>() : await equalWithoutHash(ctx, chunk, classified);
  const adopted = await placeholdersToAdopt(ctx, chunk, classified);
  const plan = planUpserts(
    { rows: chunk, hashes, classified, sameContent, adopted },
    { ...ctx, newId: randomUUID },
  );
  ctx.tally.add(plan.counts, plan.errors);
  ctx.observe?.entities(chunk, classified, plan);
  ctx.createdIds?.record(plan);
  return () => write(ctx, plan);
}

/**
 * What the graph holds for the chunk's entities. Mode `replace`: rows found unchanged (same hash,
 * live, not this job's) are left out, by the query or, in a DIFF re-run, before it by the scope
 * snapshot (scope-snapshot.ts), which drops exactly the rows the query would.
 */
async function classify(
  ctx: ApplyContext,
  chunk: StagedEntity[],
  hashes: readonly string[],
): Promise<Classified[]> {
  const merge = ctx.policy.writes === 'merge';
  const snapshot = merge ? undefined : ctx.snapshot;
  await snapshot?.load('e', ctx.job.numEntitiesUploaded);
  const rows = chunk.flatMap((e, i): Array<Record<string, unknown>> => {
    const ref = keyRef(e.key);
    if (merge) return [{ i, ...ref, cmp: comparable(e, false) }];
    const hash = hashes[i]!;
    const same = ref.keyHash !== null && snapshot?.unchangedEntity(ref.keyHash, hash) === true;
    return same ? [] : [{ i, ...ref, hash }];
  });
  if (rows.length === 0) return [];
  return ctx.graph.read<Classified>('sync/classify-entities', {
    accountId: ctx.accountId,
    scope: ctx.scope,
    jobId: ctx.job.id,
    rows,
  });
}

/**
 * DIFF: the rows whose stored entity has no content hash (PUT and PATCH remove it) and whose
 * stored type, classes and custom properties are exactly the upload's. One extra read, only for
 * chunks that hold such entities.
 */
async function equalWithoutHash(
  ctx: ApplyContext,
  chunk: StagedEntity[],
  classified: Classified[],
): Promise<Set<number>> {
  const hashless = classified.filter(
    (c) => c.id !== null && c.deleted !== true && (c.hash ?? null) === null,
  );
  if (hashless.length === 0) return new Set();
  const rows = await ctx.graph.read<Classified>('sync/classify-entities', {
    accountId: ctx.accountId,
    scope: ctx.scope,
    jobId: ctx.job.id,
    rows: hashless.map((c) => ({
      i: c.i,
      ...keyRef(chunk[c.i]!.key),
      cmp: comparable(chunk[c.i]!, false),
      exact: true,
    })),
  });
  return new Set(rows.filter((r) => r.same && (r.hash ?? null) === null).map((r) => r.i));
}

/** Rows about to be created whose `_type` and `_key` a mapper placeholder has: index to its _id. */
async function placeholdersToAdopt(
  ctx: ApplyContext,
  chunk: StagedEntity[],
  classified: Classified[],
): Promise<Map<number, string>> {
  if (!ctx.placeholders) return new Map();
  const fresh = classified.filter((c) => c.id === null);
  if (fresh.length === 0) return new Map();
  const rows = await ctx.graph.read<{ i: number; id: string }>('sync/find-placeholders', {
    accountId: ctx.accountId,
    placeholderScope: PLACEHOLDER_SCOPE,
    rows: fresh.map((c) => ({ i: c.i, ...keyRef(chunk[c.i]!.key), type: chunk[c.i]!.type })),
  });
  return new Map(rows.map((r) => [r.i, r.id]));
}

async function patchChunk(ctx: ObservedContext, chunk: StagedEntity[]): Promise<Write> {
  const classified = await ctx.graph.read<Classified>('sync/classify-patch-entities', {
    accountId: ctx.accountId,
    scope: ctx.scope,
    rows: chunk.map((e, i) => ({
      i,
      ...keyRef(e.key),
      id: e.id ?? null,
      cmp: comparable(e, true),
    })),
  });
  const plan = planPatches(chunk, classified, { ...ctx, newId: randomUUID });
  ctx.tally.add(plan.counts, plan.errors);
  ctx.observe?.entities(chunk, classified, { ...plan, patch: true });
  return () => write(ctx, plan);
}

/**
 * Writes a classified chunk: the catalog first (so that it never lacks what is stored), then
 * creates (their _searchText computed here) and updates (which write only what differs; their
 * _searchText is recomputed from the merged properties where a property it is built from changed)
 * in one transaction.
 */
async function write(ctx: ApplyContext, plan: EntityPlan): Promise<void> {
  const { creates, updates, hashFills } = plan;
  if (creates.length === 0 && updates.length === 0 && hashFills.length === 0) return;
  await ctx.catalog.record(plan.catalog);
  await ctx.graph.writeTx(async (tx) => {
    const typeLabelPattern = TYPE_LABEL_PATTERN;
    const history = syncChanges(ctx);
    if (creates.length > 0)
      await tx.run('sync/create-entities', { rows: creates, typeLabelPattern, history });
    if (updates.length > 0) {
      const [updated] = await tx.run<{ searched: string[] }>('sync/update-entities', {
        rows: updates,
        merge: plan.merge,
        typeLabelPattern,
        history,
      });
      // Only the entities where a property the search text is built from changed.
      const searched = updated?.searched ?? [];
      if (searched.length > 0) await tx.run('sync/refresh-search-text', { ids: searched });
    }
    if (hashFills.length > 0) await tx.run('sync/update-entity-hashes', { rows: hashFills });
  });
}
