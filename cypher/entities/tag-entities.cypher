// TAG_ENTITIES of a rule: sets $properties (`tag.<name>` -> value; a null removes it) on the
// account's entities $ids, then recomputes their _searchText as refresh-search-text does (keep
// the three in step). Not a new version: tags are the rule's annotations, not the owner's data.
// The names it sets are listed in _ruleTags, so that the owner's later syncs keep them
// (update-entities); a null takes the name off the list.
// Each entity's change is recorded with it ($history, src/model/change-record.ts).
// params: $accountId, $ids, $properties, $history
// returns: tagged
UNWIND $ids AS id
MATCH (n:Entity {_id: id})
USING INDEX SEEK n:Entity(_id)
WHERE n._accountId = $accountId
WITH n, properties(n) AS old
SET n += $properties
WITH n, old, [k IN coalesce(n._ruleTags, []) WHERE NOT k IN keys($properties)]
             + [k IN keys($properties) WHERE $properties[k] IS NOT NULL] AS tags
SET n._ruleTags = CASE WHEN size(tags) = 0 THEN null ELSE tags END
WITH n, old
// History (decision 0045): an 'updated' change with the before and after values of each tag
// that differs (a soft-deleted entity tagged stays deleted: still 'updated'); none if none.
CALL (n, old) {
  WITH n, old, properties(n) AS new, 'updated' AS kind
  WITH old, new, kind,
       [k IN keys(new) + [k IN keys(old) WHERE NOT k IN keys(new)]
        WHERE NOT k IN $history.untracked AND coalesce(old[k] <> new[k], true)] AS changed
  WHERE size(changed) > 0
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
