/**
 * Full-text search over entities (decision 0014): every entity carries its
 * searchable text in one hidden property, indexed by one Neo4j full-text index
 * (cypher/schema/entity-search-text-index.cypher). Query with
 * `CALL db.index.fulltext.queryNodes(ENTITY_SEARCH_INDEX, $lucene)`.
 */
export const ENTITY_SEARCH_INDEX = 'entity_search_text';
export const SEARCH_TEXT_PROPERTY = '_searchText';
