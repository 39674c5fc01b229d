// DIFF and CROSS_SCOPE: soft deletes the relationships of the scope that the finalizing process
// found absent from the job or left on a deleted end ($rows: {id, keyHash}, by element id; the
// digest and scope checked again, so an id reused since the scan is never touched). One already
// deleted is passed over (a re-run). Each deletion is recorded as a change ($history,
// src/model/change-record.ts).
// params: $accountId, $scope, $jobId, $rows, $now, $history
// returns: deleted
UNWIND $rows AS row
MATCH ()-[r]->()
WHERE elementId(r) = row.id
WITH r, row
WHERE r._accountId = $accountId AND r._scope = $scope AND coalesce(r._keyHash, '') = row.keyHash
  AND r._deleted = false
SET r._deleted = true, r._endOn = $now, r._version = coalesce(r._version, 0) + 1,
    r._lastSyncJobId = $jobId, r._lastSyncOp = 'deleted'
WITH r
// History (decision 0045): a 'deleted' change, in this statement.
CALL (r) {
  CREATE (:_Change {changeId: randomUUID(), accountId: r._accountId, objectKind: 'relationship',
                    objectId: r._id, key: r._key, type: r._type, scope: r._scope,
                    kind: 'deleted', at: $history.at, jobId: $history.jobId,
                    keyId: $history.keyId, source: $history.source, props: []})
}
RETURN count(r) AS deleted
