import neo4j, { isInt, isPoint } from 'neo4j-driver';

/** Converts driver values (nodes, relationships, temporals, points) to plain JSON values. */
export function toPlain(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (Array.isArray(value)) return value.map(toPlain);
  if (typeof value !== 'object') return value;
  // Byte arrays (Neo4j's byte[] properties) come as typed arrays: kept as they are.
  if (ArrayBuffer.isView(value)) return value;
  if (isInt(value)) return (value as { toNumber(): number }).toNumber();
  if (isPoint(value)) return { x: value.x, y: value.y, z: value.z, srid: Number(value.srid) };
  if (
    neo4j.isDateTime(value) ||
    neo4j.isDate(value) ||
    neo4j.isLocalDateTime(value) ||
    neo4j.isTime(value) ||
    neo4j.isLocalTime(value) ||
    neo4j.isDuration(value)
  ) {
    return value.toString();
  }
  if (neo4j.isNode(value) || neo4j.isRelationship(value)) return toPlain(value.properties);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = toPlain(v);
  return out;
}
