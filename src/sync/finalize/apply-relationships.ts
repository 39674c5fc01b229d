import { randomUUID } from 'node:crypto';
import { propertyKindPairs } from '../../catalog/property-kinds';
import { keyHash, keyHashOf } from '../../graph/key-hash';
import { type ApplyContext, type Op, replayed, stamp, type Write } from './apply-context';
import { relationshipHash, withoutNulls } from './content-hash';
import {
  mappedRelationshipKey,
  PLACEHOLDER_SCOPE,
  type ResolvedMapped,
  resolveMappings,
} from './apply-mapped';
import type { RelationshipMapping, StagedRelationship } from '../jobs/job-types';
import { TYPE_LABEL_PATTERN } from '../property-rules';

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

/** A row whose relationship is not stored yet (its ends filled in by the caller). */
const NO_RELATIONSHIP: Classified = {
  i: -1,
  fromId: null,
  fromDeleted: null,
  toId: null,
  toDeleted: null,
  relId: null,
  relType: null,
  deleted: null,
  hash: null,
  same: false,
  lastJob: null,
  lastOp: null,
};

/**
 * Classifies one chunk of relationships (reads only, tallying what each will be) and returns the
 * write that applies it. The finalizer runs the next chunk's classification while this one writes.
 */
export async function prepareRelationships(
  ctx: ApplyContext,
  uploaded: StagedRelationship[],
): Promise<Write> {
  const merge = ctx.policy.writes === 'merge';
  // Mapped relationships resolve to relationships between entity ids first; those to a target
  // that exists are classified like the rest, those to a new placeholder are new.
  const standard = uploaded.filter((r) => r.mapping === undefined);
  const mapped = uploaded.filter(
    (r): r is StagedRelationship & { mapping: RelationshipMapping } => r.mapping !== undefined,
  );
  const mapping =
    mapped.length === 0 ? { resolved: [], placeholders: [] } : await resolveMappings(ctx, mapped);
  const toExisting = mapping.resolved.filter((m) => m.placeholderKey === undefined);
  const toPlaceholder = mapping.resolved.filter((m) => m.placeholderKey !== undefined);
  const chunk: StagedRelationship[] = [
    ...standard,
    ...toExisting.map((m) => m.relationship),
    ...toPlaceholder.map((m) => m.relationship),
  ];
  const hashes = chunk.map((r) => relationshipHash(r));
  const newRow = (i: number, r: ResolvedMapped['relationship']): Classified => ({
    ...NO_RELATIONSHIP,
    i,
    fromId: r.fromId,
    fromDeleted: false,
    toId: r.toId,
    toDeleted: false,
  });
  const lookedUp = ctx.newScope ? standard.length : standard.length + toExisting.length;
  const known = chunk
    .slice(lookedUp)
    .map((r, n) => newRow(lookedUp + n, r as ResolvedMapped['relationship']));
  // DIFF: rows found unchanged (same hash, live, not this job's) are left out by the query; in a
  // new scope no relationship can be stored yet, so only the ends are looked up.
  const classified = known.concat(
    ctx.newScope
      ? await resolveEnds(ctx, standard)
      : await ctx.graph.read<Classified>('sync/classify-relationships', {
          accountId: ctx.accountId,
          scope: ctx.scope,
          jobId: ctx.job.id,
          // Absent fields read as null in Cypher: rows carry only what they have (sending 5000 rows
          // is a good part of the statement's time).
          rows: chunk.slice(0, lookedUp).map((r, i) => ({
            i,
            key: r.key,
            class: r.class,
            ...(r.fromId === undefined
              ? { fromKey: r.fromKey, fromKeyHash: keyHashOf(r.fromKey) }
              : { fromId: r.fromId }),
            ...(r.toId === undefined
              ? { toKey: r.toKey, toKeyHash: keyHashOf(r.toKey) }
              : { toId: r.toId }),
            ...(r.fromScope === undefined ? {} : { fromScope: r.fromScope, toScope: r.toScope }),
            ...(merge
              ? { cmp: { ...withoutNulls(r.properties), _type: r.type } }
              : { hash: hashes[i] }),
          })),
        }),
  );
  const sameContent = merge ? new Set<number>() : await equalWithoutHash(ctx, chunk, classified);
  // The resolved mapping of each chunk row that goes to a new placeholder: its key names the
  // placeholder's _id, which is provisional until the write (another job may have made it first).
  const toNewPlaceholder = new Map<number, ResolvedMapped>(
    toPlaceholder.map((m, n) => [chunk.length - toPlaceholder.length + n, m]),
  );
  const creates: Array<{
    fromId: string | null;
    toId: string | null;
    class: string;
    props: Record<string, unknown>;
    mapped?: ResolvedMapped;
  }> = [];
  const updates: Array<{ props: Record<string, unknown> } & Record<string, unknown>> = [];
  const hashFills: unknown[] = [];
  const links: Array<{ fromId: string | null; key: string; keyHash: string }> = [];
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
        ...(toNewPlaceholder.has(c.i) ? { mapped: toNewPlaceholder.get(c.i)! } : {}),
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
    // Every relationship written is recorded for the cross-scope delete step of later jobs.
    if (ctx.policy.deletesAbsent.relationships === 'cross-scope' && op !== 'unchanged')
      links.push({ fromId: c.fromId, key: r.key, keyHash: keyHash(r.key) });
  }
  const touched = mapping.resolved.map((m) => ({
    fromId: m.relationship.fromId,
    toId: m.relationship.toId,
    key: m.relationship.key,
    mapped: m,
  }));
  // The catalog covers relationship properties and the placeholder entities alike.
  const pairs = propertyKindPairs(
    [...creates, ...updates, ...mapping.placeholders].map((row) => row.props),
  );
  return async () => {
    if (
      creates.length === 0 &&
      updates.length === 0 &&
      hashFills.length === 0 &&
      touched.length === 0
    ) {
      return;
    }
    await ctx.catalog.record(pairs);
    await ctx.graph.writeTx(async (tx) => {
      // Placeholders first; one created meanwhile by another job keeps its own _id.
      const ids = new Map<string, string>();
      if (mapping.placeholders.length > 0) {
        const made = await tx.run<{ key: string; id: string }>('sync/create-placeholders', {
          accountId: ctx.accountId,
          placeholderScope: PLACEHOLDER_SCOPE,
          rows: mapping.placeholders.map(({ key, classes, props }) => ({ key, classes, props })),
          typeLabelPattern: TYPE_LABEL_PATTERN,
        });
        for (const p of mapping.placeholders) {
          const id = made.find((m) => m.key === p.key)?.id;
          if (id !== undefined && id !== p.id) ids.set(p.id, id);
        }
      }
      const actual = <T extends { fromId: string | null; toId: string | null }>(row: T): T =>
        ids.size === 0
          ? row
          : {
              ...row,
              fromId: ids.get(row.fromId ?? '') ?? row.fromId,
              toId: ids.get(row.toId ?? '') ?? row.toId,
            };
      // The key of a relationship to a placeholder names the placeholder's actual _id.
      const keyOf = (m: ResolvedMapped | undefined, key: string): string =>
        m === undefined || !ids.has(m.targetId)
          ? key
          : mappedRelationshipKey(m.uploadedKey, ids.get(m.targetId)!);
      if (updates.length > 0) await tx.run('sync/update-relationships', { rows: updates, merge });
      if (creates.length > 0) {
        await tx.run('sync/create-relationships', {
          rows: creates.map(({ mapped, ...row }) => {
            const moved = actual(row);
            const key = keyOf(mapped, moved.props._key as string);
            return { ...moved, props: { ...moved.props, _key: key, _keyHash: keyHash(key) } };
          }),
        });
      }
      if (touched.length > 0) {
        await tx.run('sync/touch-mapped-relationships', {
          scope: ctx.scope,
          jobId: ctx.job.id,
          rows: touched.map(({ mapped, ...row }) => ({
            ...actual(row),
            key: keyOf(mapped, row.key),
          })),
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
  };
}

async function resolveEnds(ctx: ApplyContext, chunk: StagedRelationship[]): Promise<Classified[]> {
  const ends = await ctx.graph.read<
    Pick<Classified, 'i' | 'fromId' | 'fromDeleted' | 'toId' | 'toDeleted'>
  >('sync/resolve-relationship-ends', {
    accountId: ctx.accountId,
    scope: ctx.scope,
    rows: chunk.map((r, i) => ({
      i,
      fromKey: r.fromKey,
      fromKeyHash: keyHashOf(r.fromKey),
      toKey: r.toKey,
      toKeyHash: keyHashOf(r.toKey),
    })),
  });
  return ends.map((e) => ({ ...NO_RELATIONSHIP, ...e }));
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
        fromKeyHash: r.fromId === undefined ? keyHashOf(r.fromKey) : null,
        toKey: r.toId === undefined ? (r.toKey ?? null) : null,
        toKeyHash: r.toId === undefined ? keyHashOf(r.toKey) : null,
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
    const inScope = which === 'from' ? r.fromScope : r.toScope;
    const what =
      byId !== undefined
        ? `_${which}EntityId '${byId}'`
        : `_${which}EntityKey '${byKey ?? ''}'${inScope === undefined ? '' : ` in scope '${inScope}'`}`;
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
    _hash: ctx.policy.writes === 'merge' && existing ? null : hash,
  };
  if (r.mapping !== undefined) {
    // Resolved from a mapping: its ends are the mapping's to say, not stored ids.
    out._mapped = true;
    out._lastMappedJobId = ctx.job.id;
    return out;
  }
  if (r.fromKey !== undefined) out._fromEntityKey = r.fromKey;
  if (r.toKey !== undefined) out._toEntityKey = r.toKey;
  if (r.fromId !== undefined) out._fromEntityId = r.fromId;
  if (r.toId !== undefined) out._toEntityId = r.toId;
  if (r.fromScope !== undefined) out._fromEntityScope = r.fromScope;
  if (r.toScope !== undefined) out._toEntityScope = r.toScope;
  return out;
}
