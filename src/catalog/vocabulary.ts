import type { Graph } from '../graph/graph';
import type { PropertyCatalog } from './property-catalog';

/** What a query of the account can name: its entity classes and types, and property names. */
export interface Vocabulary {
  classes: string[];
  types: string[];
  properties: string[];
}

/**
 * The account's vocabulary (GET /query/vocabulary, the console's J1QL completion): the types
 * with a live entity and the classes those carry, read from the graph, and every property name
 * of the property catalog (which only grows, so a property no entity holds any more may remain).
 */
export async function readVocabulary(
  deps: { graph: Pick<Graph, 'read'>; catalog: Pick<PropertyCatalog, 'kinds'> },
  accountId: string,
): Promise<Vocabulary> {
  const [rows, kinds] = await Promise.all([
    deps.graph.read<{ type: string; classes: string[] }>('catalog/list-entity-types', {
      accountId,
    }),
    deps.catalog.kinds(accountId),
  ]);
  const sorted = (values: Iterable<string>) => [...new Set(values)].sort();
  return {
    classes: sorted(rows.flatMap((r) => r.classes)),
    types: rows.map((r) => r.type),
    properties: sorted(kinds.keys()),
  };
}
