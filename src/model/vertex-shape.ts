/**
 * The result shapes of the query API (docs/guide/j1ql.md, "Running a query"), built from stored
 * Neo4j properties: an entity is a vertex `{ id, entity, properties }`, a relationship an edge
 * `{ id, fromVertexId, toVertexId, relationship, properties }`. `entity` / `relationship` hold
 * the `_`-prefixed metadata plus `displayName`; `properties` every custom property under its
 * stored (flat, dotted) name. Pure functions: the entity API and query results share them.
 */
export type PropertyMap = Record<string, unknown>;

export interface Vertex {
  /** The entity's stable `_id`, so that it can be passed back to `/entities/{entityId}`. */
  id: string;
  entity: PropertyMap;
  properties: PropertyMap;
}

export interface Edge {
  /** The relationship's `_id`. */
  id: string;
  fromVertexId: string;
  toVertexId: string;
  relationship: PropertyMap;
  properties: PropertyMap;
}

/**
 * graphsync's own bookkeeping on entities and relationships (docs/graph-model.md): how a DIFF
 * tells unchanged content and which job last wrote an object, and the digest its `_key` is indexed
 * by (decision 0035). Never shown to clients.
 */
export const HIDDEN_PROPERTIES: ReadonlySet<string> = new Set([
  '_hash',
  '_keyHash',
  '_lastSyncJobId',
  '_lastSyncOp',
  '_lastMappedJobId',
  '_searchText',
  '_ruleTags',
]);

/** Metadata timestamps are stored as epoch ms and shown as ISO-8601 strings. */
const TIMESTAMPS: ReadonlySet<string> = new Set(['_createdOn', '_beginOn', '_endOn']);

/** Metadata that is not `_`-prefixed. */
const METADATA_NAMES: ReadonlySet<string> = new Set(['displayName']);

export function toVertex(props: PropertyMap): Vertex {
  const { metadata, properties } = split(props);
  return {
    id: String(props._id),
    // The query API shows an entity's type and classes as arrays, whatever was uploaded.
    entity: { ...metadata, _type: asList(props._type), _class: asList(props._class) },
    properties,
  };
}

export function toEdge(input: { props: PropertyMap; fromId: string; toId: string }): Edge {
  const { metadata, properties } = split(input.props);
  return {
    id: String(input.props._id),
    fromVertexId: input.fromId,
    toVertexId: input.toId,
    relationship: metadata,
    properties,
  };
}

function split(props: PropertyMap): { metadata: PropertyMap; properties: PropertyMap } {
  const metadata: Array<[string, unknown]> = [];
  const properties: Array<[string, unknown]> = [];
  for (const [name, value] of Object.entries(props)) {
    if (value === null || value === undefined || HIDDEN_PROPERTIES.has(name)) continue;
    if (name.startsWith('_') || METADATA_NAMES.has(name)) {
      metadata.push([name, TIMESTAMPS.has(name) ? isoTime(value) : value]);
    } else {
      properties.push([name, value]);
    }
  }
  // fromEntries defines own properties, so no stored name can reach the prototype.
  return { metadata: Object.fromEntries(metadata), properties: Object.fromEntries(properties) };
}

function isoTime(value: unknown): unknown {
  return typeof value === 'number' && Number.isFinite(value)
    ? new Date(value).toISOString()
    : value;
}

function asList(value: unknown): unknown[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
