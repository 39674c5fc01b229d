import { randomUUID } from 'node:crypto';
import { keyHash } from '../../graph/key-hash';
import type { ApplyContext } from './apply-context';
import { contentHash } from './content-hash';
import type { RelationshipMapping, StagedRelationship } from '../jobs/job-types';
import type { PropertyValue } from '../../model/property-value';
import { searchText } from '../../model/search-text';

/**
 * Mapped relationships (`_mapping`): each names its source by `_key` in the job's scope and its
 * targets by filters over the whole account. This resolves both into ordinary relationships
 * between entity `_id`s, one per matched target and each with a key of its own
 * (mappedRelationshipKey), which are then classified and written like any other. Without a match
 * a placeholder target is created (unless skipTargetCreation): an entity in the mapper's own
 * scope, adopted by the first real entity uploaded with its `_type` and `_key`.
 */
export const PLACEHOLDER_SCOPE = 'system-mapper';
export const PLACEHOLDER_SOURCE = 'system-mapper';

/**
 * The `_key` of the relationship a mapping makes to one of its targets: the uploaded `_key` and the
 * target's `_id`. Keys are unique within a scope, and a mapping may match several targets; the
 * target's `_id` never changes (a placeholder keeps it when a real entity adopts it), so the key
 * stays the same from one sync to the next and DIFF finds the relationship again.
 */
export function mappedRelationshipKey(uploadedKey: string, targetId: string): string {
  return `${uploadedKey}|${targetId}`;
}

/** A relationship resolved from a mapping, to a target that exists or to a new placeholder. */
export interface ResolvedMapped {
  /** Its `key` is mappedRelationshipKey(uploadedKey, targetId). */
  relationship: StagedRelationship & { fromId: string; toId: string };
  /** The `_key` the client uploaded. */
  uploadedKey: string;
  /** The target's `_id` (provisional for a placeholder this chunk creates). */
  targetId: string;
  /** Set when the target is a placeholder this chunk creates (its `_id` is provisional). */
  placeholderKey?: string;
}

export interface PlaceholderRow {
  key: string;
  /** The `_id` it is created with (another job may have created it first, with its own). */
  id: string;
  classes: string[];
  props: Record<string, unknown>;
}

export interface MappedResolution {
  resolved: ResolvedMapped[];
  placeholders: PlaceholderRow[];
}

type Ends = {
  i: number;
  sourceId: string | null;
  sourceDeleted: boolean | null;
  targets: string[];
  ownPlaceholders: string[];
};

export async function resolveMappings(
  ctx: ApplyContext,
  mapped: Array<StagedRelationship & { mapping: RelationshipMapping }>,
): Promise<MappedResolution> {
  const rows = await ctx.graph.read<Ends>('sync/resolve-mapping-ends', {
    accountId: ctx.accountId,
    scope: ctx.scope,
    placeholderScope: PLACEHOLDER_SCOPE,
    jobId: ctx.job.id,
    rows: mapped.map((r, i) => ({
      i,
      sourceKey: r.mapping.sourceEntityKey,
      sourceKeyHash: keyHash(r.mapping.sourceEntityKey),
      filters: r.mapping.targetFilterKeys.map((names) => filterOf(names, r.mapping.targetEntity)),
    })),
  });
  const resolved: ResolvedMapped[] = [];
  const placeholders = new Map<string, PlaceholderRow>();
  for (const row of rows) {
    // A placeholder this job created (an earlier chunk, or the run a dead worker left) counts once.
    for (const id of row.ownPlaceholders) {
      if (!ctx.tally.placeholders.has(id)) {
        ctx.tally.placeholders.add(id);
        ctx.tally.entity('created');
      }
    }
    for (const one of resolveOne(ctx, mapped[row.i]!, row, placeholders)) resolved.push(one);
  }
  return { resolved, placeholders: [...placeholders.values()] };
}

/**
 * The relationships one mapped relationship resolves to: one per target found other than its
 * source, or one to a placeholder (created once per key in the chunk) unless skipTargetCreation;
 * none when its source is missing or deleted (a create error).
 */
function resolveOne(
  ctx: ApplyContext,
  r: StagedRelationship & { mapping: RelationshipMapping },
  row: Ends,
  placeholders: Map<string, PlaceholderRow>,
): ResolvedMapped[] {
  const m = r.mapping;
  if (row.sourceId === null || row.sourceDeleted === true) {
    ctx.tally.relationshipCreateErrors++;
    ctx.tally.error({
      kind: 'relationship',
      key: r.key,
      message: `Mapped relationship not created: _mapping.sourceEntityKey '${m.sourceEntityKey}' ${row.sourceId === null ? 'matches no entity' : 'names a deleted entity'} in scope '${ctx.scope ?? ''}'`,
    });
    return [];
  }
  const sourceId = row.sourceId;
  let targets = row.targets.filter((id) => id !== sourceId).map((id) => ({ id, key: undefined }));
  let placeholderKey: string | undefined;
  if (targets.length === 0) {
    if (m.skipTargetCreation) return [];
    const placeholder = placeholderFor(ctx, m.targetEntity, placeholders);
    placeholderKey = placeholder.key;
    targets = [{ id: placeholder.id, key: undefined }];
  }
  return targets.map((target) => {
    const [fromId, toId] =
      m.relationshipDirection === 'REVERSE' ? [target.id, sourceId] : [sourceId, target.id];
    return {
      relationship: {
        key: mappedRelationshipKey(r.key, target.id),
        type: r.type,
        class: r.class,
        properties: r.properties,
        mapping: m,
        fromId,
        toId,
      },
      uploadedKey: r.key,
      targetId: target.id,
      ...(placeholderKey === undefined ? {} : { placeholderKey }),
    };
  });
}

/** A filter's conditions, and the `_key` or `_type` its lookup can start from. */
function filterOf(names: string[], target: Record<string, PropertyValue>) {
  const value = (name: string) => target[name];
  const key = names.includes('_key') ? value('_key') : null;
  return {
    key,
    keyHash: typeof key === 'string' ? keyHash(key) : null,
    type: names.includes('_type') ? value('_type') : null,
    conds: names.map((name) => ({ name, value: value(name) })),
  };
}

/** The placeholder for a target entity (one per `_key` in a chunk; the key derives from its content when the mapping gives none). */
function placeholderFor(
  ctx: ApplyContext,
  target: Record<string, PropertyValue>,
  placeholders: Map<string, PlaceholderRow>,
): PlaceholderRow {
  const { _key: givenKey, _type: type, _class: classes, ...custom } = target;
  const key = typeof givenKey === 'string' ? givenKey : `placeholder:${contentHash(target)}`;
  const known = placeholders.get(key);
  if (known !== undefined) return known;
  const id = randomUUID();
  ctx.tally.placeholders.add(id);
  ctx.tally.entity('created');
  const props: Record<string, unknown> = {
    ...custom,
    _accountId: ctx.accountId,
    _scope: PLACEHOLDER_SCOPE,
    _key: key,
    _keyHash: keyHash(key),
    _type: type,
    _class: classes,
    _id: id,
    _source: PLACEHOLDER_SOURCE,
    _createdOn: ctx.now,
    _beginOn: ctx.now,
    _version: 1,
    _deleted: false,
    _lastSyncJobId: ctx.job.id,
    _lastSyncOp: 'created',
  };
  props._searchText = searchText(props);
  const row = { key, id, classes: classes as string[], props };
  placeholders.set(key, row);
  return row;
}
