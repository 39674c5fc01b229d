import type { operations } from '../generated/openapi';
import type { Edge, Vertex } from '../model/vertex-shape';

/**
 * What the HTTP adapters need from the entity mutation API (`/entities/{entityId}`). Inputs are
 * plain objects built from the request; the PATCH body is passed as parsed JSON (`unknown`) and
 * validated by the service, so every rule and message lives in src/entities.
 */
export interface EntityRef {
  accountId: string;
  /** The entity's `_id`. */
  entityId: string;
}

/** `?direction=` of listEntityRelationships, as openapi.yaml declares it. */
export type RelationshipDirection = NonNullable<
  NonNullable<operations['listEntityRelationships']['parameters']['query']>['direction']
>;

export interface ListRelationshipsInput extends EntityRef {
  /** Page size, 1..1000; default 100. */
  limit?: number;
  /** The `cursor` of the previous page, as given. */
  cursor?: string;
  includeDeleted?: boolean;
  /** Default BOTH. */
  direction?: RelationshipDirection;
}

/** One relationship of the entity, seen from it: the edge, its direction, and the other end. */
export interface EntityRelationship extends Edge {
  direction: 'OUTGOING' | 'INCOMING';
  vertex: Vertex;
}

export interface RelationshipPage {
  relationships: EntityRelationship[];
  /** Every relationship that matches, over all pages. */
  totalCount: number;
  /** Pass back for the next page; absent on the last one. */
  cursor?: string;
}

/** A write by `_id`: `keyId` is the caller's API key, recorded in the change it makes. */
export interface EntityWriteRef extends EntityRef {
  keyId?: string | null;
}

export interface DeletedEntity {
  deletedEntity: Vertex;
  numRelationshipsDeleted: number;
}

export interface EntityApi {
  get(ref: EntityRef): Promise<Vertex>;
  /** `body`: `{ "properties": { "<name>": value | null } }`. */
  patch(input: EntityWriteRef & { body: unknown }): Promise<Vertex>;
  delete(ref: EntityWriteRef): Promise<DeletedEntity>;
  listRelationships(input: ListRelationshipsInput): Promise<RelationshipPage>;
}
