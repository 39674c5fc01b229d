import { randomUUID } from 'node:crypto';
import { type ApplyContext, type Op, replayed, stamp, type Write } from './apply-context';
import { relationshipHash, withoutNulls } from './content-hash';
import type { StagedRelationship } from './job-types';

/**
 * Applies a chunk of relationships, after every entity of the job is written:
 * resolve both ends (by `_key` in the scope, or `_id` in the account), then create, update or
 * leave each one. A missing or soft-deleted end means the relationship is not created and counts
 * in numRelationshipCreateErrors. The Neo4j type is the relationship's `_class`.
 */
type Classified = {
  i: number;
  fromId: string | null;
  fromDeleted: boolean | null;
  toId: string | null;
  toDeleted: boolean | null;
  relId: string | null;
  relType: string | null;
  deleted: boolean | null;
  hash: string | null;
  same: boolean;
  lastJob: string | null;
  lastOp: string | null;
};

/**
 * Classifies one chunk of relationships (reads only, tallying what each will be) and returns the
 * write that applies it. The finalizer runs the next chunk's classification while this one writes.
 */
export async function prepareRelationships(
  ctx: ApplyContext,
  chunk: StagedRelationship[],
): Promise<Write> {
  const merge = ctx.mode === 'PUT';
  const hashes = chunk.map((r) => relationshipHash(r));
  // DIFF: rows found unchanged (same hash, live, not this job's) are left out by the query; in a
  // new scope no relationship can be stored yet, so only the ends are looked up.
  const classified = ctx.newScope
    ? await resolveEnds(ctx, chunk)
    : await ctx.graph.read<Classified>('sync/classify-relationships', {
        accountId: ctx.accountId,
        scope: ctx.scope,
        jobId: ctx.job.id,
        // Absent fields read as null in Cypher: rows carry only what they have (sending 5000 rows
        // is a good part of the statement's time).
        rows: chunk.map((r, i) => ({
          i,
          key: r.key,
          class: r.class,
          ...(r.fromId === undefined ? { fromKey: r.fromKey } : { fromId: r.fromId }),
          ...(r.toId === undefined ? { toKey: r.toKey } : { toId: r.toId }),
          ...(merge
            ? { cmp: { ...withoutNulls(r.properties), _type: r.type } }
            : { hash: hashes[i] }),
        })),
      });
  const sameContent = merge ? new Set<number>() : await equalWithoutHash(ctx, chunk, classified);
  const creates: unknown[] = [];
  const updates: unknown[] = [];
  const hashFills: unknown[] = [];
  for (const c of classified) {
    const r = chunk[c.i]!;
    const hash = hashes[c.i]!;
    const missing = endProblem(r, c);
    if (missing !== undefined) {
      ctx.tally.relationshipCreateErrors++;
      ctx.tally.error({ kind: 'relationship', key: r.key, message: missing });
      continue;
    }
    let op: Op;
    if (c.relId === null) {
      op = 'created';
      creates.push({
        fromId: c.fromId,
        toId: c.toId,
        class: r.class,
        props: {
          ...props(ctx, r, hash, 'created', false),
          _accountId: ctx.accountId,
          _scope: ctx.scope,
          _key: r.key,
          _id: randomUUID(),
          _createdOn: ctx.now,
          _version: 1,
        },
      });
    } else if (c.deleted === true) {
      // Revived: counted as created, and back with exactly the uploaded content (PUT too).
      op = 'created';
      updates.push({
        relId: c.relId,
        fromId: c.fromId,
        class: r.class,
        replace: true,
        props: { ...props(ctx, r, hash, 'created', true), _hash: hash },
      });
    } else if (c.relType === r.class && (merge ? c.same : c.hash === hash)) {
      op = replayed(c, ctx.job.id);
    } else if (sameContent.has(c.i)) {
      // Stored without a hash (a PUT wrote it) but equal to the upload: not an update. The hash
      // is recorded so that DIFF's delete step sees the relationship as received.
      op = replayed(c, ctx.job.id);
      hashFills.push({ relId: c.relId, fromId: c.fromId, hash });
    } else {
      op = 'updated';
      updates.push({
        relId: c.relId,
        fromId: c.fromId,
        class: r.class,
        props: props(ctx, r, hash, 'updated', true),
      });
    }
    ctx.tally.relationship(op);
  }
  return async () => {
    if (creates.length === 0 && updates.length === 0 && hashFills.length === 0) return;
    await ctx.graph.writeTx(async (tx) => {
      if (updates.length > 0) await tx.run('sync/update-relationships', { rows: updates, merge });
      if (creates.length > 0) await tx.run('sync/create-relationships', { rows: creates });
      if (hashFills.length > 0) {
        await tx.run('sync/update-relationship-hashes', { rows: hashFills });
      }
    });
  };
}

async function resolveEnds(ctx: ApplyContext, chunk: StagedRelationship[]): Promise<Classified[]> {
  const ends = await ctx.graph.read<
    Pick<Classified, 'i' | 'fromId' | 'fromDeleted' | 'toId' | 'toDeleted'>
  >('sync/resolve-relationship-ends', {
    accountId: ctx.accountId,
    scope: ctx.scope,
    rows: chunk.map((r, i) => ({ i, fromKey: r.fromKey, toKey: r.toKey })),
  });
  return ends.map((e) => ({
    ...e,
    relId: null,
    relType: null,
    deleted: null,
    hash: null,
    same: false,
    lastJob: null,
    lastOp: null,
  }));
}

/**
 * DIFF: the rows whose stored relationship (same class, live) has no content hash (PUT removes
 * it) and whose type, ends and custom properties are exactly the upload's. One extra read, only
 * for chunks that hold such relationships.
 */
async function equalWithoutHash(
  ctx: ApplyContext,
  chunk: StagedRelationship[],
  classified: Classified[],
): Promise<Set<number>> {
  const hashless = classified.filter(
    (c) =>
      c.relId !== null &&
      c.deleted !== true &&
      c.hash === null &&
      c.relType === chunk[c.i]!.class &&
      endProblem(chunk[c.i]!, c) === undefined,
  );
  if (hashless.length === 0) return new Set();
  const rows = await ctx.graph.read<Classified>('sync/classify-relationships', {
    accountId: ctx.accountId,
    scope: ctx.scope,
    jobId: ctx.job.id,
    rows: hashless.map((c) => {
      const r = chunk[c.i]!;
      return {
        i: c.i,
        key: r.key,
        fromKey: r.fromId === undefined ? (r.fromKey ?? null) : null,
        toKey: r.toId === undefined ? (r.toKey ?? null) : null,
        fromId: r.fromId ?? null,
        toId: r.toId ?? null,
        cmp: {
          ...withoutNulls(r.properties),
          _type: r.type,
          _class: r.class,
          _fromEntityKey: r.fromKey ?? null,
          _toEntityKey: r.toKey ?? null,
          _fromEntityId: r.fromId ?? null,
          _toEntityId: r.toId ?? null,
        },
        exact: true,
      };
    }),
  });
  return new Set(rows.filter((x) => x.same && x.hash === null).map((x) => x.i));
}

function endProblem(r: StagedRelationship, c: Classified): string | undefined {
  const side = (which: 'from' | 'to'): string | undefined => {
    const id = which === 'from' ? c.fromId : c.toId;
    const deleted = which === 'from' ? c.fromDeleted : c.toDeleted;
    const byId = which === 'from' ? r.fromId : r.toId;
    const byKey = which === 'from' ? r.fromKey : r.toKey;
    const what =
      byId !== undefined ? `_${which}EntityId '${byId}'` : `_${which}EntityKey '${byKey ?? ''}'`;
    if (id === null) return `${what} matches no entity`;
    if (deleted === true) return `${what} names a deleted entity`;
    return undefined;
  };
  const problems = [side('from'), side('to')].filter((p) => p !== undefined);
  return problems.length === 0 ? undefined : `Relationship not created: ${problems.join(' and ')}`;
}

function props(
  ctx: ApplyContext,
  r: StagedRelationship,
  hash: string,
  op: 'created' | 'updated',
  existing: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...withoutNulls(r.properties),
    ...stamp(ctx, op),
    _type: r.type,
    _class: r.class,
    _endOn: null,
    // PUT merges into what is stored, so the stored content no longer has a known hash.
    _hash: ctx.mode === 'PUT' && existing ? null : hash,
  };
  if (r.fromKey !== undefined) out._fromEntityKey = r.fromKey;
  if (r.toKey !== undefined) out._toEntityKey = r.toKey;
  if (r.fromId !== undefined) out._fromEntityId = r.fromId;
  if (r.toId !== undefined) out._toEntityId = r.toId;
  return out;
}
