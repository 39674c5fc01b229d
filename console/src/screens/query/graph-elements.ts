import type { ElementDefinition } from 'cytoscape';
import type { components } from '../../../../src/generated/openapi';
import { type Edge, type GraphShape, type Vertex, vertexLabel } from './query-results';

type EntityRelationship = components['schemas']['EntityRelationship'];

const first = (v: unknown): string =>
  Array.isArray(v) ? String(v[0] ?? '') : typeof v === 'string' ? v : '';

export function nodeElement(v: Vertex): ElementDefinition {
  return {
    group: 'nodes',
    data: { id: v.id, label: vertexLabel(v), cls: first(v.entity._class) },
  };
}

export function edgeElement(e: Edge): ElementDefinition {
  return {
    group: 'edges',
    data: {
      id: `edge:${e.id}`,
      source: e.fromVertexId,
      target: e.toVertexId,
      label: e.relationship._class ?? '',
    },
  };
}

/** The graph with an entity's relationships (GET /entities/{id}/relationships) added, each once. */
export function withNeighbours(graph: GraphShape, rels: EntityRelationship[]): GraphShape {
  const vertices = new Map(graph.vertices.map((v) => [v.id, v]));
  const edges = new Map(graph.edges.map((e) => [e.id, e]));
  for (const r of rels) {
    if (!vertices.has(r.vertex.id)) vertices.set(r.vertex.id, r.vertex);
    if (!edges.has(r.id))
      edges.set(r.id, {
        id: r.id,
        fromVertexId: r.fromVertexId,
        toVertexId: r.toVertexId,
        relationship: r.relationship,
        properties: r.properties,
      });
  }
  return { vertices: [...vertices.values()], edges: [...edges.values()] };
}
