// DELETE /entities/{entityId}: soft deletes a live entity, every live relationship between it and
// an entity of the account (both directions, any scope), and marks its raw-data versions deleted,
// in one statement. An entity already deleted matches nothing.
// params: $accountId, $id, $now
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
  RETURN count(r) AS relationshipsDeleted
}
CALL (n) {
  MATCH (v:_RawDataVersion {entityId: n._id})
  USING INDEX SEEK v:_RawDataVersion(entityId)
  SET v.deleted = true
}
SET n._deleted = true, n._endOn = $now, n._version = coalesce(n._version, 0) + 1
RETURN properties(n) AS entity, relationshipsDeleted
