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
 * An object's properties as a row holds them: a map, or (read as of a time: as-of.ts) a list of
 * [name, value] pairs, a null value meaning the object had no such property then.
 */
function props(value: unknown): PropertyMap {
  if (!Array.isArray(value)) return value as PropertyMap;
  const pairs = (value as Array<[string, unknown]>).filter(([, v]) => v !== null);
  return Object.fromEntries(pairs);
}

function edgeRow(value: unknown): EdgeRow {
  const row = value as EdgeRow;
  return { ...row, props: props(row.props) };
}

/**
 * Rows of compiled J1QL -> the API's result shapes: `list` rows are vertices; `table` rows are
 * flat objects keyed by column name (whole entities as vertices, relationships as edges, `a.*`
 * spread as `a.<property>`); a `tree` merges every row's vertices and edges, each once.
 */
export function shapeRows(plan: ResultPlan, rows: Array<Record<string, unknown>>): ResultData {
  switch (plan.type) {
    case 'list':
      return rows.map((row) => toVertex(props(row.entity)));
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
        out.push([column.name, value === null ? null : toVertex(props(value))]);
        break;
      case 'edge':
        out.push([column.name, value === null ? null : toEdge(edgeRow(value))]);
        break;
      case 'spread':
        for (const [name, v] of Object.entries(value === null ? {} : props(value))) {
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
    for (const stored of row.vertices as unknown[]) {
      const vertex = toVertex(props(stored));
      if (!vertices.has(vertex.id)) vertices.set(vertex.id, vertex);
    }
    for (const input of row.edges as unknown[]) {
      const edge = toEdge(edgeRow(input));
      if (!edges.has(edge.id)) edges.set(edge.id, edge);
    }
  }
  return { vertices: [...vertices.values()], edges: [...edges.values()] };
}
