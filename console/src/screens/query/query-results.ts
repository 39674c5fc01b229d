import type { components } from '../../../../src/generated/openapi';

export type Vertex = components['schemas']['Vertex'];
export type Edge = components['schemas']['Edge'];
export type QueryResponse = components['schemas']['QueryResponse'];

/** One row of the results table: a value, a vertex or an edge per column. */
export type Row = Record<string, unknown>;

export interface TableShape {
  columns: string[];
  rows: Row[];
}

export interface GraphShape {
  vertices: Vertex[];
  edges: Edge[];
}

export function isVertex(value: unknown): value is Vertex {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Vertex>;
  return typeof v.id === 'string' && typeof v.entity === 'object' && v.entity !== null;
}

export function isEdge(value: unknown): value is Edge {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Partial<Edge>;
  return typeof e.fromVertexId === 'string' && typeof e.toVertexId === 'string';
}

/** The entity's name as a reader knows it: displayName, else its key, else its id. */
export function vertexLabel(v: Vertex): string {
  const name = v.entity.displayName;
  if (typeof name === 'string' && name !== '') return name;
  return v.entity._key ?? v.id;
}

const ENTITY_COLUMNS = ['entity', '_class', '_type', '_key'];
/** More would make a wide table of mostly empty cells; the entity screen shows them all. */
const MAX_PROPERTY_COLUMNS = 6;

function entityRow(v: Vertex): Row {
  return {
    entity: v,
    _class: v.entity._class,
    _type: v.entity._type,
    _key: v.entity._key,
    ...v.properties,
  };
}

/** Rows and columns for the table: entities for list and tree, the RETURN columns for table. */
export function tableShape(pages: QueryResponse[]): TableShape {
  if (pages[0]?.type === 'table') {
    const rows = pages.flatMap((p) => (p.type === 'table' ? (p.data as Row[]) : []));
    const columns: string[] = [];
    for (const row of rows)
      for (const k of Object.keys(row)) if (!columns.includes(k)) columns.push(k);
    return { columns, rows };
  }
  const vertices = graphShape(pages).vertices;
  const props: string[] = [];
  for (const v of vertices)
    for (const k of Object.keys(v.properties))
      if (!props.includes(k) && props.length < MAX_PROPERTY_COLUMNS) props.push(k);
  return { columns: [...ENTITY_COLUMNS, ...props], rows: vertices.map(entityRow) };
}

/** The entities and relationships in the result, each once, whatever its shape. */
export function graphShape(pages: QueryResponse[]): GraphShape {
  const vertices = new Map<string, Vertex>();
  const edges = new Map<string, Edge>();
  const add = (value: unknown) => {
    if (isEdge(value)) edges.set(value.id, value);
    else if (isVertex(value)) vertices.set(value.id, value);
  };
  for (const page of pages) {
    if (page.type === 'list') page.data.forEach(add);
    else if (page.type === 'tree') {
      page.data.vertices.forEach(add);
      page.data.edges.forEach(add);
    } else for (const row of page.data as Row[]) Object.values(row).forEach(add);
  }
  // An edge whose end is not in the result would dangle: the graph only draws both ends.
  const drawn = [...edges.values()].filter(
    (e) => vertices.has(e.fromVertexId) && vertices.has(e.toVertexId),
  );
  return { vertices: [...vertices.values()], edges: drawn };
}
