// DELETE /entities/{entityId}: soft deletes a live entity, every live relationship between it and
// an entity of the account (both directions, any scope), and marks its raw-data versions deleted,
// in one statement. An entity already deleted matches nothing.
// Each deletion (the entity's, its relationships') is recorded as a change ($history,
// src/model/change-record.ts).
// params: $accountId, $id, $now, $history
// returns: entity, relationshipsDeleted
MATCH (n:Entity {_id: $id})
USING INDEX SEEK n:Entity(_id)
WHERE n._accountId = $accountId AND coalesce(n._deleted, false) = false
CALL (n) {
  MATCH (n)-[r]-(m:Entity)
  WHERE r._accountId = $accountId AND m._accountId = $accountId
    AND coalesce(r._deleted, false) = false
  // A self-loop is matched once, but DISTINCT keeps its version from growing twice regardless.
  WITH DISTINCT r
  SET r._deleted = true, r._endOn = $now, r._version = coalesce(r._version, 0) + 1
  CREATE (:_Change {changeId: randomUUID(), accountId: r._accountId, objectKind: 'relationship',
                    objectId: r._id, key: r._key, type: r._type, scope: r._scope,
                    kind: 'deleted', at: $history.at, jobId: $history.jobId,
                    keyId: $history.keyId, source: $history.source, props: []})
  RETURN count(r) AS relationshipsDeleted
}
CALL (n) {
  MATCH (v:_RawDataVersion {entityId: n._id})
  USING INDEX SEEK v:_RawDataVersion(entityId)
  SET v.deleted = true
}
SET n._deleted = true, n._endOn = $now, n._version = coalesce(n._version, 0) + 1
CREATE (:_Change {changeId: randomUUID(), accountId: n._accountId, objectKind: 'entity',
                  objectId: n._id, key: n._key, type: n._type, scope: n._scope,
                  kind: 'deleted', at: $history.at, jobId: $history.jobId,
                  keyId: $history.keyId, source: $history.source, props: []})
RETURN properties(n) AS entity, relationshipsDeleted
