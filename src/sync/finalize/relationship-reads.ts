import { keyHash, keyHashOf } from '../../graph/key-hash';
import type { RelationshipMapping, StagedRelationship } from '../jobs/job-types';
import type { ApplyContext } from './apply-context';
import { type ResolvedMapped, resolveMappings } from './apply-mapped';
import { relationshipHashOf, withoutNulls } from './content-hash';
import {
  type Classified,
  type ClassifiedChunk,
  endProblem,
  NO_RELATIONSHIP,
} from './relationship-plan';

/**
 * The reads of a relationship chunk's finalization (reads only; mapped relationships also count
 * the placeholders they will create): mapped relationships resolve to relationships between
 * entity ids first; those to a target that exists are classified like the rest, those to a new
 * placeholder are new. What the graph holds for each row is what relationship-plan.ts plans from.
 */
export async function readRelationships(
  ctx: ApplyContext,
  uploaded: StagedRelationship[],
): Promise<ClassifiedChunk> {
  const standard = uploaded.filter((r) => r.mapping === undefined);
  const mapped = uploaded.filter(
    (r): r is StagedRelationship & { mapping: RelationshipMapping } => r.mapping !== undefined,
  );
  const mapping =
    mapped.length === 0 ? { resolved: [], placeholders: [] } : await resolveMappings(ctx, mapped);
  const toExisting = mapping.resolved.filter((m) => m.placeholderKey === undefined);
  const toPlaceholder = mapping.resolved.filter((m) => m.placeholderKey !== undefined);
  const rows: StagedRelationship[] = [
    ...standard,
    ...toExisting.map((m) => m.relationship),
    ...toPlaceholder.map((m) => m.relationship),
  ];
  const hashes = rows.map((r) => relationshipHashOf(r));
  // In a new scope no relationship can be stored yet, so only the ends of standard ones are
  // looked up; the rows after `lookedUp` (resolved from mappings) are new.
  const lookedUp = ctx.newScope ? standard.length : standard.length + toExisting.length;
  const known = rows.slice(lookedUp).map((r, n): Classified => {
    const ends = r as ResolvedMapped['relationship'];
    return {
      ...NO_RELATIONSHIP,
      i: lookedUp + n,
      fromId: ends.fromId,
      fromDeleted: false,
      toId: ends.toId,
      toDeleted: false,
    };
  });
  const classified = known.concat(
    ctx.newScope
      ? await resolveEnds(ctx, standard)
      : await classify(ctx, rows.slice(0, lookedUp), hashes),
  );
  return {
    rows,
    hashes,
    classified,
    sameContent:
      ctx.policy.writes === 'merge' ? new Set() : await equalWithoutHash(ctx, rows, classified),
    toNewPlaceholder: new Map(
      toPlaceholder.map((m, n) => [rows.length - toPlaceholder.length + n, m]),
    ),
    mapping,
  };
}

/**
 * What the graph holds for the first rows of the chunk. In mode `replace`, rows found unchanged
 * (same hash, live, not this job's) are left out by the query; mode `merge` compares properties.
 */
async function classify(
  ctx: ApplyContext,
  rows: StagedRelationship[],
  hashes: readonly string[],
): Promise<Classified[]> {
  const merge = ctx.policy.writes === 'merge';
  // A DIFF re-run drops before the query the rows it would leave out (scope-snapshot.ts).
  const snapshot = merge ? undefined : ctx.snapshot;
  await snapshot?.load(
    'r',
    ctx.job.numRelationshipsUploaded + ctx.job.numMappedRelationshipsUploaded,
  );
  const sent = rows.flatMap((r, i) =>
    snapshot?.unchangedRelationship(keyHash(r.key), hashes[i]!, r.class) ? [] : [{ r, i }],
  );
  if (sent.length === 0) return [];
  return ctx.graph.read<Classified>('sync/classify-relationships', {
    accountId: ctx.accountId,
    scope: ctx.scope,
    jobId: ctx.job.id,
    // Absent fields read as null in Cypher: rows carry only what they have (sending 5000 rows is
    // a good part of the statement's time).
    rows: sent.map(({ r, i }) => ({
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
      ...(merge ? { cmp: { ...withoutNulls(r.properties), _type: r.type } } : { hash: hashes[i] }),
    })),
  });
}

async function resolveEnds(ctx: ApplyContext, chunk: StagedRelationship[]): Promise<Classified[]> {
  const ids = ctx.createdIds;
  // Every end this run created is known here (decision 0055): no read, the same answers.
  if (ids?.complete === true) {
    return chunk.map((r, i) => {
      const fromId = ids.idOf(r.fromKey);
      const toId = ids.idOf(r.toKey);
      const live = (id: string | null) => (id === null ? null : false);
      return {
        ...NO_RELATIONSHIP,
        i,
        fromId,
        fromDeleted: live(fromId),
        toId,
        toDeleted: live(toId),
      };
    });
  }
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
 * Mode `replace`: the rows whose stored relationship (same class, live) has no content hash (a
 * `merge` write removes it) and whose type, ends and custom properties are exactly the upload's.
 * One extra read, only for chunks that hold such relationships.
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
