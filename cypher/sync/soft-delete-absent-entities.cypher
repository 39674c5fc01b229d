// DIFF: soft deletes up to $limit live entities of the scope that this job did not receive
// (types in $partialTypes are spared), and marks their raw-data versions deleted. Run until it
// returns fewer than $limit.
// Each deletion is recorded as a change ($history, src/model/change-record.ts).
// params: $accountId, $scope, $jobId, $partialTypes, $now, $limit, $history
// returns: deleted
MATCH (n:Entity {_accountId: $accountId, _scope: $scope})
USING INDEX SEEK n:Entity(_accountId, _scope)
WHERE n._deleted = false AND NOT n._type IN $partialTypes
  AND NOT EXISTS {
    MATCH (s:_SyncStagedKey {jobId: $jobId, kind: 'e', keyHash: n._keyHash})
    USING INDEX SEEK s:_SyncStagedKey(jobId, kind, keyHash)
    WHERE s.key = n._key
  }
WITH n LIMIT toInteger($limit)
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
