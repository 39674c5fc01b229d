import { randomUUID } from 'node:crypto';
import { type PropertyKindPair, propertyKindPairs } from '../../catalog/property-kinds';
import { keyRef } from '../../graph/key-hash';
import { type ApplyContext, type Op, replayed, stamp, type Write } from './apply-context';
import { PLACEHOLDER_SCOPE } from './apply-mapped';
import { prepareOverrides } from './apply-override';
import { prepareRawData } from './apply-raw-data';
import { entityHash, withoutNulls } from './content-hash';
import { TYPE_LABEL_PATTERN } from '../property-rules';
import type { StagedEntity } from '../jobs/job-types';
import type { ModePolicy } from '../modes/mode-policy';
import { searchText } from './search-text';

/**
 * Applies a chunk of entities: classify each against the graph (one read), then create and
 * update in one write transaction. DIFF compares content hashes and
 * rewrites changed entities whole; PUT writes the given properties over the stored ones (nulls
 * stripped); PATCH does the same by `_id` or `_key` (null removes) and never creates. With a scope,
 * PATCH writes only entities of that scope: an `_id` of another scope is an update error.
 */
type Classified = {
  i: number;
  id: string | null;
  deleted: boolean | null;
  hash?: string | null;
  same: boolean;
  lastJob: string | null;
  lastOp: string | null;
};

/** Rows of sync/create-entities and sync/update-entities. */
type CreateRow = { classes: string[] | undefined; props: Record<string, unknown> };
type UpdateRow = {
  id: string;
  classes: string[] | null | undefined;
  props: Record<string, unknown>;
  replace?: boolean;
  adopt?: boolean;
};

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
export async function prepareEntities(ctx: ApplyContext, chunk: StagedEntity[]): Promise<Write> {
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
  (ctx: ApplyContext, chunk: StagedEntity[]) => Promise<Write>
> = {
  upsert: (ctx, chunk) => upsertChunk(ctx, chunk),
  patch: (ctx, chunk) => patchChunk(ctx, chunk),
  override: (ctx, chunk) => prepareOverrides(ctx, chunk),
};

async function upsertChunk(ctx: ApplyContext, chunk: StagedEntity[]): Promise<Write> {
  const merge = ctx.policy.writes === 'merge';
  const hashes = chunk.map((e) => entityHash(e));
  // DIFF: rows found unchanged (same hash, live, not this job's) are left out by the query; in a
  // new scope there is nothing to look up.
  const classified = ctx.newScope
    ? chunk.map((_, i) => NEW_ENTITY(i))
    : await ctx.graph.read<Classified>('sync/classify-entities', {
        accountId: ctx.accountId,
        scope: ctx.scope,
        jobId: ctx.job.id,
        rows: chunk.map((e, i) =>
          merge
            ? { i, ...keyRef(e.key), cmp: comparable(e, false) }
            : { i, ...keyRef(e.key), hash: hashes[i] },
        ),
      });
  const sameContent = merge ? new Set<number>() : await equalWithoutHash(ctx, chunk, classified);
  const adopted = await placeholdersToAdopt(ctx, chunk, classified);
  const creates: CreateRow[] = [];
  const updates: UpdateRow[] = [];
  const hashFills: unknown[] = [];
  for (const c of classified) {
    const e = chunk[c.i]!;
    const hash = hashes[c.i]!;
    let op: Op;
    const placeholder = adopted.get(c.i);
    if (placeholder !== undefined) {
      // A mapped relationship's placeholder target becomes this entity (keeping its _id and its
      // relationships): created, for the client, with exactly the uploaded content.
      op = 'created';
      updates.push({
        id: placeholder,
        classes: e.classes,
        replace: true,
        adopt: true,
        props: {
          ...writeProps(ctx, e, hash, 'created'),
          _hash: hash,
          _scope: ctx.scope,
          _createdOn: ctx.now,
        },
      });
    } else if (c.id === null) {
      op = 'created';
      creates.push({ classes: e.classes, props: createProps(ctx, e, hash) });
    } else if (c.deleted === true) {
      // A soft-deleted entity uploaded again is revived: for the client it is created anew, with
      // exactly the uploaded content (also in PUT: nothing of the deleted state comes back).
      op = 'created';
      updates.push({
        id: c.id,
        classes: e.classes,
        replace: true,
        props: { ...writeProps(ctx, e, hash, 'created'), _hash: hash },
      });
    } else if (merge ? c.same : c.hash === hash) {
      op = replayed(c, ctx.job.id);
    } else if (sameContent.has(c.i)) {
      // Stored without a hash (a PUT or PATCH wrote it) but equal to the upload: not an update.
      op = replayed(c, ctx.job.id);
      hashFills.push({ id: c.id, hash });
    } else {
      op = 'updated';
      updates.push({ id: c.id, classes: e.classes, props: writeProps(ctx, e, hash, 'updated') });
    }
    ctx.tally.entity(op);
  }
  const pairs = writtenPairs(creates, updates);
  return () => write(ctx, { creates, updates, merge, hashFills, pairs });
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

async function patchChunk(ctx: ApplyContext, chunk: StagedEntity[]): Promise<Write> {
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
  const updates: UpdateRow[] = [];
  for (const c of classified) {
    const e = chunk[c.i]!;
    if (c.id === null || c.deleted === true) {
      ctx.tally.entityUpdateErrors++;
      ctx.tally.error({
        kind: 'entity',
        key: e.key ?? null,
        message:
          e.id === undefined
            ? `No entity with _key '${e.key ?? ''}' in scope '${ctx.scope ?? ''}': PATCH updates existing entities only`
            : ctx.scope === null
              ? `No entity with _id '${e.id}' in this account: PATCH updates existing entities only`
              : `No entity with _id '${e.id}' in scope '${ctx.scope}': PATCH updates existing entities of the job's scope only`,
      });
      continue;
    }
    if (c.same) {
      ctx.tally.entity(replayed(c, ctx.job.id));
      continue;
    }
    ctx.tally.entity('updated');
    const props: Record<string, unknown> = {
      ...e.properties,
      ...stamp(ctx, 'updated'),
      _hash: null,
    };
    if (e.type !== undefined) props._type = e.type;
    if (e.classes !== undefined) props._class = e.classes;
    updates.push({ id: c.id, classes: e.classes ?? null, props });
  }
  const pairs = writtenPairs([], updates);
  return () => write(ctx, { creates: [], updates, merge: true, hashFills: [], pairs });
}

/** What the catalog learns from a chunk's writes (nulls, which remove, are not kinds). */
function writtenPairs(creates: CreateRow[], updates: UpdateRow[]): PropertyKindPair[] {
  return propertyKindPairs([...creates, ...updates].map((row) => row.props));
}

/**
 * Writes a classified chunk: the catalog first (so that it never lacks what is stored), then
 * creates (their _searchText computed here) and updates (whose _searchText is recomputed from the
 * merged properties) in one transaction.
 */
async function write(
  ctx: ApplyContext,
  w: {
    creates: CreateRow[];
    updates: UpdateRow[];
    merge: boolean;
    hashFills: unknown[];
    pairs: PropertyKindPair[];
  },
): Promise<void> {
  const { creates, updates, hashFills } = w;
  if (creates.length === 0 && updates.length === 0 && hashFills.length === 0) return;
  await ctx.catalog.record(w.pairs);
  await ctx.graph.writeTx(async (tx) => {
    const typeLabelPattern = TYPE_LABEL_PATTERN;
    if (creates.length > 0)
      await tx.run('sync/create-entities', { rows: creates, typeLabelPattern });
    if (updates.length > 0) {
      await tx.run('sync/update-entities', { rows: updates, merge: w.merge, typeLabelPattern });
      await tx.run('sync/refresh-search-text', { ids: updates.map((u) => u.id) });
    }
    if (hashFills.length > 0) await tx.run('sync/update-entity-hashes', { rows: hashFills });
  });
}

/** The properties a PUT or PATCH asserts; with keepNulls (PATCH) a null asserts "absent". */
function comparable(e: StagedEntity, keepNulls: boolean): Record<string, unknown> {
  const props: Record<string, unknown> = keepNulls
    ? { ...e.properties }
    : withoutNulls(e.properties);
  if (e.type !== undefined) props._type = e.type;
  if (e.classes !== undefined) props._class = e.classes;
  return props;
}

function createProps(ctx: ApplyContext, e: StagedEntity, hash: string): Record<string, unknown> {
  const props: Record<string, unknown> = {
    ...withoutNulls(e.properties),
    ...stamp(ctx, 'created'),
    _accountId: ctx.accountId,
    _scope: ctx.scope,
    _key: e.key,
    _keyHash: keyRef(e.key).keyHash,
    _type: e.type,
    _class: e.classes,
    _id: randomUUID(),
    _createdOn: ctx.now,
    _version: 1,
    _hash: hash,
  };
  props._searchText = searchText(props);
  return props;
}

/** Properties of an update: DIFF's whole new content; PUT's given ones (hash unknown after). */
function writeProps(
  ctx: ApplyContext,
  e: StagedEntity,
  hash: string,
  op: 'created' | 'updated',
): Record<string, unknown> {
  return {
    ...withoutNulls(e.properties),
    ...stamp(ctx, op),
    _type: e.type,
    _class: e.classes,
    _endOn: null,
    _hash: ctx.policy.writes === 'merge' ? null : hash,
  };
}
