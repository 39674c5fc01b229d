// OVERRIDE: writes row.set on the entity row.id and pins those properties (listed in _overrides),
// unpins row.unpin (the value stays until the owner writes it again; row.clearHash forgets the
// content hash so that the owner's next DIFF does rewrite it). A new version of the entity.
// The caller runs refresh-search-text on the same rows in the same transaction.
// Each entity's change is recorded with it ($history, src/model/change-record.ts).
// params: $rows, $jobId, $now, $history
// returns: updated
UNWIND $rows AS row
MATCH (n:Entity {_id: row.id})
USING INDEX SEEK n:Entity(_id)
WITH n, row, [k IN coalesce(n._overrides, []) WHERE NOT k IN row.unpin] AS kept
WITH n, row, kept + [k IN row.pin WHERE NOT k IN kept] AS pins, properties(n) AS old
SET n += row.set
// A value OVERRIDE writes is no longer a rule's tag (see update-entities).
SET n._ruleTags = CASE WHEN size([k IN coalesce(n._ruleTags, []) WHERE NOT k IN keys(row.set)]) = 0
                       THEN null ELSE [k IN coalesce(n._ruleTags, []) WHERE NOT k IN keys(row.set)] END
SET n._overrides = CASE WHEN size(pins) = 0 THEN null ELSE pins END,
    n._hash = CASE WHEN row.clearHash THEN null ELSE n._hash END,
    n._version = coalesce(n._version, 0) + 1, n._beginOn = $now,
    n._lastSyncJobId = $jobId, n._lastSyncOp = 'updated'
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
RETURN count(n) AS updated
