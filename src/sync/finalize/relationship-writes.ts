import type { Tx } from '../../graph/graph';
import { keyHash } from '../../graph/key-hash';
import { TYPE_LABEL_PATTERN } from '../../graph/type-labels';
import { type ApplyContext, syncChanges } from './apply-context';
import { mappedRelationshipKey, PLACEHOLDER_SCOPE, type ResolvedMapped } from './apply-mapped';
import type { CreateRow, RelationshipPlan, TouchRow } from './relationship-plan';

/**
 * The writes of a planned relationship chunk (relationship-plan.ts): the catalog first (so that
 * it never lacks what is stored), then one transaction: placeholders, updates, creates, the mapped
 * relationships this job resolved, hashes, cross-scope link records.
 */
export async function writeRelationships(ctx: ApplyContext, plan: RelationshipPlan): Promise<void> {
  const { creates, updates, hashFills, touched, links } = plan;
  if (
    creates.length === 0 &&
    updates.length === 0 &&
    hashFills.length === 0 &&
    touched.length === 0
  ) {
    return;
  }
  await ctx.catalog.record(plan.catalog);
  await ctx.graph.writeTx(async (tx) => {
    const rows = settlePlaceholderIds(plan, await createPlaceholders(ctx, tx, plan));
    if (updates.length > 0) {
      await tx.run('sync/update-relationships', {
        rows: updates,
        merge: plan.merge,
        history: syncChanges(ctx),
      });
    }
    if (rows.creates.length > 0) {
      await tx.run('sync/create-relationships', {
        rows: rows.creates,
        history: syncChanges(ctx),
      });
    }
    if (rows.touched.length > 0) {
      await tx.run('sync/touch-mapped-relationships', {
        scope: ctx.scope,
        jobId: ctx.job.id,
        rows: rows.touched,
      });
    }
    if (hashFills.length > 0) {
      await tx.run('sync/update-relationship-hashes', { rows: hashFills });
    }
    if (links.length > 0) {
      await tx.run('sync/record-cross-scope-links', {
        accountId: ctx.accountId,
        scope: ctx.scope,
        rows: links,
      });
    }
  });
}

/**
 * Creates the chunk's placeholder targets; one created meanwhile by another job keeps its own
 * `_id`. Returns those: provisional `_id` to actual.
 */
async function createPlaceholders(
  ctx: ApplyContext,
  tx: Tx,
  plan: RelationshipPlan,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (plan.placeholders.length === 0) return ids;
  const made = await tx.run<{ key: string; id: string }>('sync/create-placeholders', {
    accountId: ctx.accountId,
    placeholderScope: PLACEHOLDER_SCOPE,
    rows: plan.placeholders.map(({ key, classes, props }) => ({ key, classes, props })),
    typeLabelPattern: TYPE_LABEL_PATTERN,
  });
  for (const p of plan.placeholders) {
    const id = made.find((m) => m.key === p.key)?.id;
    if (id !== undefined && id !== p.id) ids.set(p.id, id);
  }
  return ids;
}

/**
 * The rows of sync/create-relationships and sync/touch-mapped-relationships once the chunk's
 * placeholders are written. `ids` maps a placeholder's provisional `_id` to the one it has when
 * another job created it first: the ends of relationships to it, and the keys of those that
 * mapped to it (which name the target's `_id`), follow.
 */
export function settlePlaceholderIds(
  plan: Pick<RelationshipPlan, 'creates' | 'touched'>,
  ids: ReadonlyMap<string, string>,
): {
  creates: Array<Omit<CreateRow, 'mapped'>>;
  touched: Array<Omit<TouchRow, 'mapped'>>;
} {
  const actual = <T extends { fromId: string | null; toId: string | null }>(row: T): T =>
    ids.size === 0
      ? row
      : {
          ...row,
          fromId: ids.get(row.fromId ?? '') ?? row.fromId,
          toId: ids.get(row.toId ?? '') ?? row.toId,
        };
  const keyOf = (m: ResolvedMapped | undefined, key: string): string =>
    m === undefined || !ids.has(m.targetId)
      ? key
      : mappedRelationshipKey(m.uploadedKey, ids.get(m.targetId)!);
  return {
    creates: plan.creates.map(({ mapped, ...row }) => {
      const moved = actual(row);
      const key = keyOf(mapped, moved.props._key as string);
      return { ...moved, props: { ...moved.props, _key: key, _keyHash: keyHash(key) } };
    }),
    touched: plan.touched.map(({ mapped, ...row }) => ({
      ...actual(row),
      key: keyOf(mapped, row.key),
    })),
  };
}
