// DIFF, before any write of its finalization: per _type, the scope's live entities and how many
// of them the entity delete step (soft-delete-absent-entities) would delete: those this job did
// not upload, types in $partialTypes spared; with up to $sample of their keys. Reads only (the
// delete guard and the finalize preview).
// params: $accountId, $scope, $jobId, $partialTypes, $sample
// returns: type, live, deletes, keys
MATCH (n:Entity {_accountId: $accountId, _scope: $scope})
USING INDEX SEEK n:Entity(_accountId, _scope)
WHERE n._deleted = false
WITH n, NOT n._type IN $partialTypes AND NOT EXISTS {
    MATCH (s:_SyncStagedKey {jobId: $jobId, kind: 'e', keyHash: n._keyHash})
    USING INDEX SEEK s:_SyncStagedKey(jobId, kind, keyHash)
    WHERE s.key = n._key
  } AS absent
WITH n._type AS type, count(n) AS live, count(CASE WHEN absent THEN 1 END) AS deletes,
     collect(CASE WHEN absent THEN n._key END) AS absentKeys
RETURN type, live, deletes, absentKeys[0..toInteger($sample)] AS keys
ORDER BY type
