// DIFF: soft deletes the entities of the scope that the finalizing process found absent from the
// job ($rows: {id, keyHash}, by element id; the digest and scope checked again, so an id reused
// since the scan is never touched), and marks their raw-data versions deleted. One already
// deleted is passed over (a re-run). Each deletion is recorded as a change ($history,
// src/model/change-record.ts).
// params: $accountId, $scope, $jobId, $rows, $now, $history
// returns: deleted
UNWIND $rows AS row
MATCH (n:Entity)
WHERE elementId(n) = row.id
WITH n, row
WHERE n._accountId = $accountId AND n._scope = $scope AND coalesce(n._keyHash, '') = row.keyHash
  AND n._deleted = false
SET n._deleted = true, n._endOn = $now, n._version = coalesce(n._version, 0) + 1,
    n._lastSyncJobId = $jobId, n._lastSyncOp = 'deleted'
WITH n
CALL (n) {
  MATCH (v:_RawDataVersion {entityId: n._id})
  USING INDEX SEEK v:_RawDataVersion(entityId)
  SET v.deleted = true
}
// History (decision 0045): a 'deleted' change, in this statement.
CALL (n) {
  CREATE (:_Change {changeId: randomUUID(), accountId: n._accountId, objectKind: 'entity',
                    objectId: n._id, key: n._key, type: n._type, scope: n._scope,
                    kind: 'deleted', at: $history.at, jobId: $history.jobId,
                    keyId: $history.keyId, source: $history.source, props: []})
}
RETURN count(n) AS deleted
