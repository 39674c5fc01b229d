import type { NodeSpec } from '../ast';
import { InvalidQueryError } from '../query-errors';
import { type Params, property } from './cypher-text';
import { SEARCH_TEXT_PROPERTY } from '../../../graph/search-index';

/**
 * A quoted target (`FIND "web server"`): at the start, a full-text index query; later in the
 * chain, each word checked against the entity's search text.
 */

/** The words of a full-text search; a search needs at least one. */
function searchWords(text: string, node: NodeSpec): string[] {
  const words = text.split(/\s+/).filter((w) => w !== '');
  if (words.length === 0)
    throw new InvalidQueryError('A full-text search needs some text', node.at);
  return words;
}

/** The user's words as a Lucene query: every word must occur (each quoted, so nothing is syntax). */
export function searchQuery(text: string, node: NodeSpec): string {
  return searchWords(text, node)
    .map((w) => `"${w.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)
    .join(' AND ');
}

export function searchCondition(
  variable: string,
  text: string,
  node: NodeSpec,
  ctx: { params: Params },
): string {
  return searchWords(text, node)
    .map(
      (w) =>
        `toLower(${property(variable, SEARCH_TEXT_PROPERTY)}) CONTAINS ${ctx.params.add(w.toLowerCase())}`,
    )
    .join(' AND ');
}
