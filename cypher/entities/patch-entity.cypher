// PATCH /entities/{entityId}: writes $properties over the entity's (a null removes a property) as
// a new version. _hash is forgotten, so the owner's next DIFF compares content and restores its
// own values; _lastSyncJobId and _lastSyncOp still name the last sync job that wrote it.
// $searchText is the _searchText of the patched properties (src/sync/finalize/search-text.ts).
// The change is recorded with it ($history, src/model/change-record.ts).
// params: $accountId, $id, $properties, $searchText, $now, $history
// returns: entity
MATCH (n:Entity {_id: $id})
USING INDEX SEEK n:Entity(_id)
WHERE n._accountId = $accountId
WITH n, properties(n) AS old
SET n += $properties
// A property the PATCH names is the caller's from now on, not a rule's tag (see update-entities).
SET n._ruleTags = CASE WHEN size([k IN coalesce(n._ruleTags, []) WHERE NOT k IN keys($properties)]) = 0
                       THEN null ELSE [k IN coalesce(n._ruleTags, []) WHERE NOT k IN keys($properties)] END
SET n._beginOn = $now, n._version = coalesce(n._version, 0) + 1, n._hash = null,
    n._searchText = $searchText
WITH n, old
// History (decision 0045): an 'updated' change (or 'revived', of a soft-deleted object) with
// the before and after values of each tracked property that differs; an update that changed none
// records nothing.
CALL (n, old) {
  WITH n, old, properties(n) AS new,
       CASE WHEN coalesce(old._deleted, false) THEN 'revived' ELSE 'updated' END AS kind
  WITH old, new, kind,
       [k IN keys(new) + [k IN keys(old) WHERE NOT k IN keys(new)]
        WHERE NOT k IN $history.untracked AND coalesce(old[k] <> new[k], true)] AS changed
  WHERE kind = 'revived' OR size(changed) > 0
  CREATE (c:_Change {changeId: randomUUID(), accountId: new._accountId, objectKind: 'entity',
                     objectId: new._id, key: new._key, type: new._type, scope: new._scope,
                     kind: kind, at: $history.at, jobId: $history.jobId,
                     keyId: $history.keyId, source: $history.source, props: changed})
  FOREACH (k IN changed |
    SET c['before.' + k] = CASE WHEN k =~ $history.secret AND old[k] IS NOT NULL
                                THEN $history.redacted ELSE old[k] END,
        c['after.' + k] = CASE WHEN k =~ $history.secret AND new[k] IS NOT NULL
                               THEN $history.redacted ELSE new[k] END)
}
RETURN properties(n) AS entity
