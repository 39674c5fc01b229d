// DIFF: soft deletes up to $limit live relationships of the scope (touching one of its entities)
// that this job did not receive as they are (same _key and content; mapped ones: not touched by
// this job), or whose end is deleted.
// Types in $partialTypes are spared from the first test only: a relationship does not stay live
// on a deleted end. Run until it returns fewer than $limit.
// Each deletion is recorded as a change ($history, src/model/change-record.ts).
// params: $accountId, $scope, $jobId, $partialTypes, $now, $limit, $history
// returns: deleted
MATCH (e:Entity {_accountId: $accountId, _scope: $scope})-[r]-()
USING INDEX SEEK e:Entity(_accountId, _scope)
WHERE r._accountId = $accountId AND r._scope = $scope AND r._deleted = false
WITH DISTINCT r
WITH r, startNode(r) AS a, endNode(r) AS b
OPTIONAL MATCH (s:_SyncStagedKey {jobId: $jobId, kind: 'r', keyHash: r._keyHash})
USING INDEX SEEK s:_SyncStagedKey(jobId, kind, keyHash)
WHERE s.key = r._key
WITH r, a, b, s
WHERE a._deleted = true OR b._deleted = true
   OR (NOT r._type IN $partialTypes
       AND CASE WHEN r._mapped = true THEN coalesce(r._lastMappedJobId, '') <> $jobId
                ELSE s IS NULL OR s.hash <> coalesce(r._hash, '') END)
WITH r LIMIT toInteger($limit)
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
