/**
 * An entity's searchable text, stored as `_searchText` (src/graph/search-index.ts) for the
 * full-text index: its `_key`, `_type`, every `_class`, `displayName`, then every other custom
 * (non-`_`) property in name order; string values and the strings of lists, empty ones left out,
 * joined by single spaces. Numbers and booleans are not text.
 *
 * cypher/sync/refresh-search-text.cypher computes exactly the same from a stored node (where
 * Cypher merges properties in place): keep the two in step. Names sort by UTF-16 code units in
 * both (JavaScript's default sort, Cypher's ORDER BY).
 */
const LEADING = ['_key', '_type', '_class', 'displayName'];

export function searchText(props: Readonly<Record<string, unknown>>): string {
  const names = Object.keys(props)
    .filter((name) => !name.startsWith('_') && name !== 'displayName')
    .sort();
  const words: string[] = [];
  for (const name of [...LEADING, ...names]) {
    const value = props[name];
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v === 'string' && v !== '') words.push(v);
    }
  }
  return words.join(' ');
}
