// Recomputes _searchText (the full-text index's field) of the entities $ids from their stored
// properties, after a write that merged properties in place (update-entities, override-entities):
// _key, _type, every _class, displayName, then every other custom property in name order; string
// values and the strings of lists, empty ones left out, joined by single spaces. Exactly what
// src/sync/finalize/search-text.ts computes for the properties of a new entity, and what
// entities/tag-entities does after tagging: keep the three in step.
// params: $ids
// returns: refreshed
UNWIND $ids AS id
MATCH (n:Entity {_id: id})
USING INDEX SEEK n:Entity(_id)
// The properties are read once (properties(n)), not name by name.
WITH n, properties(n) AS p
WITH n, p, ['_key', '_type', '_class', 'displayName'] + COLLECT {
  UNWIND keys(p) AS k
  WITH k WHERE NOT k STARTS WITH '_' AND k <> 'displayName'
  RETURN k ORDER BY k
} AS names
WITH n, reduce(vs = [], k IN names |
               vs + CASE WHEN p[k] IS :: LIST<ANY> NOT NULL THEN p[k] ELSE [p[k]] END) AS values
WITH n, [v IN values WHERE v IS :: STRING NOT NULL AND v <> ''] AS words
SET n._searchText = reduce(s = coalesce(head(words), ''), w IN tail(words) | s + ' ' + w)
RETURN count(n) AS refreshed
