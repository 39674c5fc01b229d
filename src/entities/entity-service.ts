import { isDeepStrictEqual } from 'node:util';
import { PropertyCatalog } from '../catalog/property-catalog';
import { propertyKindPairs } from '../catalog/property-kinds';
import type { Graph } from '../graph/graph';
import { type ChangeParams, changeParams } from '../model/change-record';
import { type PropertyMap, toEdge, toVertex, type Vertex } from '../model/vertex-shape';
import { searchText } from '../model/search-text';
import type {
  DeletedEntity,
  EntityApi,
  EntityRef,
  EntityRelationship,
  EntityWriteRef,
  ListRelationshipsInput,
  RelationshipPage,
} from './entity-api';
import { recordEntityChange } from './entity-change-event';
import { entityDeleted, propertiesPinned } from './entity-conflicts';
import { entityNotFound } from './entity-not-found';
import { type PropertyPatch, validatePatch } from './entity-patch-validation';
import { decodeKeysetCursor, encodeKeysetCursor, pageLimit } from '../paging/keyset-page';

export const DEFAULT_RELATIONSHIP_LIMIT = 100;
export const MAX_RELATIONSHIP_LIMIT = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface EntityRow {
  entity: PropertyMap;
}

interface RelationshipRow {
  relationship: PropertyMap;
  fromId: string;
  toId: string;
  direction: 'OUTGOING' | 'INCOMING';
  vertex: PropertyMap;
}

/**
 * The entity mutation API: one entity by `_id`, read, patched, soft deleted, and its relationships
 * listed. Another account's entity is the same 404 as an unknown one. PATCH and DELETE check the
 * entity and write it in one transaction that holds its lock, so a check still holds at the write.
 */
export class EntityService implements EntityApi {
  private readonly graph: Graph;
  private readonly now: () => number;

  constructor(deps: { graph: Graph; now?: () => number }) {
    this.graph = deps.graph;
    this.now = deps.now ?? Date.now;
  }

  async get(ref: EntityRef): Promise<Vertex> {
    const [row] = await this.graph.read<EntityRow>('entities/get-entity', params(ref));
    if (row === undefined) throw entityNotFound(ref.entityId);
    return toVertex(row.entity);
  }

  /**
   * Sets the given custom properties (null removes one) as a new version, unless every value
   * already holds. A deleted entity, or a property pinned by an OVERRIDE job, is a 409 and
   * nothing is written. The search text follows the new values, and the account's property
   * catalog learns their kinds in the same transaction.
   */
  async patch(input: EntityWriteRef & { body: unknown }): Promise<Vertex> {
    const patch = validatePatch(input.body);
    const now = this.now();
    const entity = await this.graph.writeTx(async (tx) => {
      const [row] = await tx.run<EntityRow>('entities/lock-entity', params(input));
      if (row === undefined) throw entityNotFound(input.entityId);
      const stored = row.entity;
      if (stored._deleted === true) throw entityDeleted(input.entityId);
      const pins = stringList(stored._overrides);
      const pinned = Object.keys(patch).filter((name) => pins.includes(name));
      if (pinned.length > 0) throw propertiesPinned(input.entityId, pinned);
      if (holds(stored, patch)) return stored;
      await PropertyCatalog.recordIn(tx, input.accountId, propertyKindPairs([patch]));
      const [written] = await tx.run<EntityRow>('entities/patch-entity', {
        ...params(input),
        properties: patch,
        searchText: searchText(patched(stored, patch)),
        now,
        history: apiChanges(input, now),
      });
      if (written === undefined) throw entityNotFound(input.entityId);
      const change = { accountId: input.accountId, now, scope: stored._scope };
      await recordEntityChange(tx, { ...change, entitiesUpdated: 1 });
      return written.entity;
    });
    return toVertex(entity);
  }

  /**
   * Soft deletes the entity with every live relationship touching it. Deleting a deleted entity
   * changes nothing and answers it as it is, so that retrying scripts see success.
   */
  async delete(ref: EntityWriteRef): Promise<DeletedEntity> {
    const now = this.now();
    return this.graph.writeTx(async (tx) => {
      const [row] = await tx.run<EntityRow>('entities/lock-entity', params(ref));
      if (row === undefined) throw entityNotFound(ref.entityId);
      if (row.entity._deleted === true) {
        return { deletedEntity: toVertex(row.entity), numRelationshipsDeleted: 0 };
      }
      await PropertyCatalog.recordIn(tx, ref.accountId, [{ name: '_endOn', kind: 'number' }]);
      const [deleted] = await tx.run<EntityRow & { relationshipsDeleted: number }>(
        'entities/delete-entity',
        { ...params(ref), now, history: apiChanges(ref, now) },
      );
      if (deleted === undefined) throw entityNotFound(ref.entityId);
      await recordEntityChange(tx, {
        accountId: ref.accountId,
        now,
        scope: row.entity._scope,
        entitiesDeleted: 1,
        relationshipsDeleted: deleted.relationshipsDeleted,
      });
      return {
        deletedEntity: toVertex(deleted.entity),
        numRelationshipsDeleted: deleted.relationshipsDeleted,
      };
    });
  }

  /** One page of the entity's relationships, ordered by the relationship's `_id`. */
  async listRelationships(input: ListRelationshipsInput): Promise<RelationshipPage> {
    const limit = pageLimit(input.limit, {
      default: DEFAULT_RELATIONSHIP_LIMIT,
      max: MAX_RELATIONSHIP_LIMIT,
    });
    // The listing is ordered by the relationship's _id, a UUID.
    const after =
      input.cursor === undefined ? null : decodeKeysetCursor(input.cursor, (id) => UUID.test(id));
    const [row] = await this.graph.read<{ totalCount: number; page: RelationshipRow[] }>(
      'entities/list-entity-relationships',
      {
        ...params(input),
        direction: input.direction ?? 'BOTH',
        includeDeleted: input.includeDeleted ?? false,
        after,
        // One more than asked for tells whether another page follows.
        take: limit + 1,
      },
    );
    if (row === undefined) throw entityNotFound(input.entityId);
    const page = row.page.slice(0, limit).map(toEntityRelationship);
    const last = page.at(-1);
    return {
      relationships: page,
      totalCount: row.totalCount,
      ...(row.page.length > limit && last !== undefined
        ? { cursor: encodeKeysetCursor(last.id) }
        : {}),
    };
  }
}

function params(ref: EntityRef): { accountId: string; id: string } {
  return { accountId: ref.accountId, id: ref.entityId };
}

/** The `$history` of an entity API write (decision 0045): the caller's key. */
function apiChanges(ref: EntityWriteRef, at: number): ChangeParams {
  return changeParams({ source: 'entity-api', keyId: ref.keyId ?? null, at });
}

/** Whether every value of the patch is already stored (a null: the property is absent). */
function holds(stored: PropertyMap, patch: PropertyPatch): boolean {
  return Object.entries(patch).every(([name, value]) => {
    const current = Object.hasOwn(stored, name) ? stored[name] : null;
    return isDeepStrictEqual(current ?? null, value);
  });
}

/** The stored properties with the patch applied, as patch-entity leaves them. */
function patched(stored: PropertyMap, patch: PropertyPatch): PropertyMap {
  const out: PropertyMap = { ...stored };
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete out[name];
    else out[name] = value;
  }
  return out;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function toEntityRelationship(row: RelationshipRow): EntityRelationship {
  const edge = toEdge({ props: row.relationship, fromId: row.fromId, toId: row.toId });
  return {
    id: edge.id,
    direction: row.direction,
    fromVertexId: edge.fromVertexId,
    toVertexId: edge.toVertexId,
    relationship: edge.relationship,
    properties: edge.properties,
    vertex: toVertex(row.vertex),
  };
}
