// CROSS_SCOPE: soft deletes up to $limit live relationships that earlier CROSS_SCOPE jobs of the
// scope wrote (found through their _CrossScopeLink records) and that this job did not receive as
// they are (same _key and content), or whose end is deleted; drops the records of relationships
// that are gone. Run until it returns fewer than $limit.
// Each deletion is recorded as a change ($history, src/model/change-record.ts).
// params: $accountId, $scope, $jobId, $now, $limit, $history
// returns: deleted
MATCH (l:_CrossScopeLink {accountId: $accountId, scope: $scope})
USING INDEX SEEK l:_CrossScopeLink(accountId, scope)
OPTIONAL MATCH (a:Entity {_id: l.fromId})
USING INDEX SEEK a:Entity(_id)
OPTIONAL MATCH (a)-[r]->(b)
WHERE r._key = l.key AND r._accountId = $accountId AND r._scope = $scope
WITH l, r, b, a
OPTIONAL MATCH (s:_SyncStagedKey {jobId: $jobId, kind: 'r', keyHash: l.keyHash})
USING INDEX SEEK s:_SyncStagedKey(jobId, kind, keyHash)
WHERE s.key = l.key
WITH l, r, a, b, s,
     r IS NOT NULL AND r._deleted = false
       AND (a._deleted = true OR b._deleted = true OR s IS NULL OR s.hash <> coalesce(r._hash, '')) AS absent
WITH l, r, absent
ORDER BY absent DESC
WITH l, r, absent LIMIT toInteger($limit)
CALL (l, r, absent) {
  WITH l, r, absent
  WHERE absent
  SET r._deleted = true, r._endOn = $now, r._version = coalesce(r._version, 0) + 1,
      r._lastSyncJobId = $jobId, r._lastSyncOp = 'deleted'
  // History (decision 0045): a 'deleted' change, in this statement.
  CREATE (:_Change {changeId: randomUUID(), accountId: r._accountId, objectKind: 'relationship',
                    objectId: r._id, key: r._key, type: r._type, scope: r._scope,
                    kind: 'deleted', at: $history.at, jobId: $history.jobId,
                    keyId: $history.keyId, source: $history.source, props: []})
}
CALL (l, r) {
  WITH l, r
  WHERE r IS NULL
  DELETE l
}
RETURN count(CASE WHEN absent THEN 1 END) AS deleted
