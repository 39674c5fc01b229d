// TAG_ENTITIES of a rule: sets $properties (`tag.<name>` -> value; a null removes it) on the
// account's entities $ids, then recomputes their _searchText as refresh-search-text does (keep
// the three in step). Not a new version: tags are the rule's annotations, not the owner's data.
// params: $accountId, $ids, $properties
// returns: tagged
UNWIND $ids AS id
MATCH (n:Entity {_id: id})
USING INDEX SEEK n:Entity(_id)
WHERE n._accountId = $accountId
SET n += $properties
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
