import { HIDDEN_PROPERTIES } from '../model/vertex-shape';

/**
 * The kinds of value a stored property holds, as the property catalog records them
 * (src/catalog/property-catalog.ts). Pure: no IO.
 */
export const PROPERTY_KINDS = ['string', 'number', 'boolean', 'list'] as const;
export type PropertyKind = (typeof PROPERTY_KINDS)[number];

/** One catalog entry: the property `name` has held a value of `kind`. */
export interface PropertyKindPair {
  name: string;
  kind: PropertyKind;
}

/** The kind of a stored value, or undefined for null (absent) and anything Neo4j does not store. */
export function kindOf(value: unknown): PropertyKind | undefined {
  if (Array.isArray(value)) return 'list';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return undefined;
  }
}

/**
 * Every distinct (name, kind) pair that writing these property maps stores, sorted by name then
 * kind (a fixed order in which concurrent writers lock catalog entries). Nulls (removals) and
 * graphsync's hidden bookkeeping (`_hash`, `_searchText`...) are not recorded.
 */
export function propertyKindPairs(
  maps: Iterable<Readonly<Record<string, unknown>>>,
): PropertyKindPair[] {
  const pairs = new Map<string, PropertyKindPair>();
  for (const props of maps) {
    for (const [name, value] of Object.entries(props)) {
      const kind = kindOf(value);
      if (kind === undefined || HIDDEN_PROPERTIES.has(name)) continue;
      pairs.set(pairKey({ name, kind }), { name, kind });
    }
  }
  return [...pairs.values()].sort(comparePairs);
}

/** A string that identifies a pair (for sets of recorded pairs). */
export function pairKey(pair: PropertyKindPair): string {
  return `${pair.kind}:${pair.name}`;
}

function comparePairs(a: PropertyKindPair, b: PropertyKindPair): number {
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0;
}
