// DIFF, before any write of its finalization: per _type, the scope's live relationships and how
// many of them the relationship delete step (soft-delete-absent-relationships) would delete:
// those this job did not upload by _key (mapped ones: when the job uploads no mapped
// relationship), types in $partialTypes spared, and those with an end that is deleted or that
// the entity delete step will delete (an end of the scope this job did not upload, type not
// spared); with up to $sample of their keys. Reads only (delete guard, finalize preview).
// params: $accountId, $scope, $jobId, $partialTypes, $mappedUploaded, $sample
// returns: type, live, deletes, keys
MATCH (e:Entity {_accountId: $accountId, _scope: $scope})-[r]-()
USING INDEX SEEK e:Entity(_accountId, _scope)
WHERE r._accountId = $accountId AND r._scope = $scope AND r._deleted = false
WITH DISTINCT r
WITH r, startNode(r) AS a, endNode(r) AS b
WITH r,
  CASE
    WHEN r._type IN $partialTypes THEN false
    WHEN r._mapped = true THEN NOT $mappedUploaded
    ELSE NOT EXISTS {
      MATCH (s:_SyncStagedKey {jobId: $jobId, kind: 'r', keyHash: r._keyHash})
      WHERE s.key = r._key
    }
  END AS unsent,
  a._deleted = true OR (a._scope = $scope AND NOT a._type IN $partialTypes AND NOT EXISTS {
    MATCH (s:_SyncStagedKey {jobId: $jobId, kind: 'e', keyHash: a._keyHash})
    WHERE s.key = a._key
  }) AS fromGoes,
  b._deleted = true OR (b._scope = $scope AND NOT b._type IN $partialTypes AND NOT EXISTS {
    MATCH (s:_SyncStagedKey {jobId: $jobId, kind: 'e', keyHash: b._keyHash})
    WHERE s.key = b._key
  }) AS toGoes
WITH r, unsent OR fromGoes OR toGoes AS absent
WITH r._type AS type, count(r) AS live, count(CASE WHEN absent THEN 1 END) AS deletes,
     collect(CASE WHEN absent THEN r._key END) AS absentKeys
RETURN type, live, deletes, absentKeys[0..toInteger($sample)] AS keys
ORDER BY type
