// PATCH /entities/{entityId}: writes $properties over the entity's (a null removes a property) as
// a new version. _hash is forgotten, so the owner's next DIFF compares content and restores its
// own values; _lastSyncJobId and _lastSyncOp still name the last sync job that wrote it.
// $searchText is the _searchText of the patched properties (src/sync/finalize/search-text.ts).
// params: $accountId, $id, $properties, $searchText, $now
// returns: entity
MATCH (n:Entity {_id: $id})
USING INDEX SEEK n:Entity(_id)
WHERE n._accountId = $accountId
SET n += $properties
// A property the PATCH names is the caller's from now on, not a rule's tag (see update-entities).
SET n._ruleTags = CASE WHEN size([k IN coalesce(n._ruleTags, []) WHERE NOT k IN keys($properties)]) = 0
                       THEN null ELSE [k IN coalesce(n._ruleTags, []) WHERE NOT k IN keys($properties)] END
SET n._beginOn = $now, n._version = coalesce(n._version, 0) + 1, n._hash = null,
    n._searchText = $searchText
RETURN properties(n) AS entity
