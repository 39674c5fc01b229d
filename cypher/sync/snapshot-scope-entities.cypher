// DIFF re-run, before the entity step: each live entity of the scope with its content hash and
// whether this job ($jobId) wrote it, streamed (src/sync/finalize/scope-snapshot.ts, decision
// 0052). Only what tells an unchanged upload: no element id, the key only where its digest is
// missing.
// params: $accountId, $scope, $jobId
// returns: keyHash, key, hash, thisJob
MATCH (n:Entity {_accountId: $accountId, _scope: $scope})
USING INDEX SEEK n:Entity(_accountId, _scope)
WHERE n._deleted = false
RETURN n._keyHash AS keyHash, CASE WHEN n._keyHash IS NULL THEN n._key END AS key,
       coalesce(n._hash, '') AS hash, n._lastSyncJobId = $jobId AS thisJob
