// TAG_ENTITIES of a rule: sets $properties (`tag.<name>` -> value; a null removes it) on the
// account's entities $ids, then recomputes their _searchText as refresh-search-text does (keep
// the three in step). Not a new version: tags are the rule's annotations, not the owner's data.
// The names it sets are listed in _ruleTags, so that the owner's later syncs keep them
// (update-entities); a null takes the name off the list.
// params: $accountId, $ids, $properties
// returns: tagged
UNWIND $ids AS id
MATCH (n:Entity {_id: id})
USING INDEX SEEK n:Entity(_id)
WHERE n._accountId = $accountId
SET n += $properties
WITH n, [k IN coalesce(n._ruleTags, []) WHERE NOT k IN keys($properties)]
        + [k IN keys($properties) WHERE $properties[k] IS NOT NULL] AS tags
SET n._ruleTags = CASE WHEN size(tags) = 0 THEN null ELSE tags END
WITH n, ['_key', '_type', '_class', 'displayName'] + COLLECT {
  UNWIND keys(n) AS k
  WITH k WHERE NOT k STARTS WITH '_' AND k <> 'displayName'
  RETURN k ORDER BY k
} AS names
WITH n, reduce(vs = [], k IN names |
               vs + CASE WHEN n[k] IS :: LIST<ANY> NOT NULL THEN n[k] ELSE [n[k]] END) AS values
WITH n, [v IN values WHERE v IS :: STRING NOT NULL AND v <> ''] AS words
SET n._searchText = reduce(s = coalesce(head(words), ''), w IN tail(words) | s + ' ' + w)
RETURN count(n) AS tagged
