// DIFF re-run, before the entity step: each live entity of the scope with its content hash and
// whether this job ($jobId) wrote it, streamed (src/sync/finalize/scope-snapshot.ts, decision
// 0052); the key only where its digest is missing. The same read finds what the entity delete
// step soft deletes (decision 0057): the element id, and whether the finalize named the entity's
// type partial ($partialTypes), which spares it.
// params: $accountId, $scope, $jobId, $partialTypes
// returns: keyHash, key, hash, thisJob, id, spared
MATCH (n:Entity {_accountId: $accountId, _scope: $scope})
USING INDEX SEEK n:Entity(_accountId, _scope)
WHERE n._deleted = false
RETURN n._keyHash AS keyHash, CASE WHEN n._keyHash IS NULL THEN n._key END AS key,
       coalesce(n._hash, '') AS hash, n._lastSyncJobId = $jobId AS thisJob,
       elementId(n) AS id, n._type IN $partialTypes AS spared
