import { isEntityShaped, isRecord } from '../templates/result-items';

/**
 * The entity ids in query results and action inputs. A list result's element and a whole-entity
 * table column are vertices (`{ id, entity, properties }`); a tree holds vertices; a template may
 * also hand over a flattened item (`_id` at the top) or a table row holding vertices.
 */
export function entityIdsOfResult(data: unknown): string[] {
  const ids = new Set<string>();
  const rows = isRecord(data) && Array.isArray(data.vertices) ? data.vertices : data;
  for (const row of Array.isArray(rows) ? rows : []) {
    for (const id of entityIdsOf(row)) ids.add(id);
  }
  return [...ids];
}

/** The entities one element stands for: itself when entity-shaped, else the vertices it holds. */
export function entityIdsOf(element: unknown): string[] {
  if (isEntityShaped(element)) {
    const id = element.id ?? element.entity._id;
    return typeof id === 'string' ? [id] : [];
  }
  if (!isRecord(element)) return [];
  if (typeof element._id === 'string') return [element._id];
  return Object.values(element).flatMap((value) =>
    isEntityShaped(value) ? entityIdsOf(value) : [],
  );
}
