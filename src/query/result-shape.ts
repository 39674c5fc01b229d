import type { Column, ResultPlan } from './j1ql/compile/projection';
import {
  type Edge,
  HIDDEN_PROPERTIES,
  type PropertyMap,
  toEdge,
  toVertex,
  type Vertex,
} from '../model/vertex-shape';

/** `data` of a query result (docs/guide/j1ql.md, "Running a query"). */
export type ResultData =
  Vertex[] | Array<Record<string, unknown>> | { vertices: Vertex[]; edges: Edge[] };

interface EdgeRow {
  props: PropertyMap;
  fromId: string;
  toId: string;
}

/**
 * Rows of compiled J1QL -> the API's result shapes: `list` rows are vertices; `table` rows are
 * flat objects keyed by column name (whole entities as vertices, relationships as edges, `a.*`
 * spread as `a.<property>`); a `tree` merges every row's vertices and edges, each once.
 */
export function shapeRows(plan: ResultPlan, rows: Array<Record<string, unknown>>): ResultData {
  switch (plan.type) {
    case 'list':
      return rows.map((row) => toVertex(row.entity as PropertyMap));
    case 'table':
      return rows.map((row) => tableRow(plan.columns, row));
    case 'tree':
      return tree(rows);
  }
}

function tableRow(columns: Column[], row: Record<string, unknown>): Record<string, unknown> {
  const out: Array<[string, unknown]> = [];
  columns.forEach((column, i) => {
    const value = row[`c${i}`] ?? null;
    switch (column.kind) {
      case 'value':
        out.push([column.name, value]);
        break;
      case 'vertex':
        out.push([column.name, value === null ? null : toVertex(value as PropertyMap)]);
        break;
      case 'edge':
        out.push([column.name, value === null ? null : toEdge(value as EdgeRow)]);
        break;
      case 'spread':
        for (const [name, v] of Object.entries((value ?? {}) as PropertyMap)) {
          if (!HIDDEN_PROPERTIES.has(name)) out.push([`${column.name}.${name}`, v]);
        }
        break;
    }
  });
  // fromEntries defines own properties, so no stored name can reach the prototype.
  return Object.fromEntries(out);
}

function tree(rows: Array<Record<string, unknown>>): { vertices: Vertex[]; edges: Edge[] } {
  const vertices = new Map<string, Vertex>();
  const edges = new Map<string, Edge>();
  for (const row of rows) {
    for (const props of row.vertices as PropertyMap[]) {
      const vertex = toVertex(props);
      if (!vertices.has(vertex.id)) vertices.set(vertex.id, vertex);
    }
    for (const input of row.edges as EdgeRow[]) {
      const edge = toEdge(input);
      if (!edges.has(edge.id)) edges.set(edge.id, edge);
    }
  }
  return { vertices: [...vertices.values()], edges: [...edges.values()] };
}
