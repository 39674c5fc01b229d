// DIFF re-run, before the relationship step: each live relationship of the scope that starts at
// one of its entities, with its content hash, class (Neo4j type), whether this job ($jobId) wrote
// it and whether an end is deleted, streamed (src/sync/finalize/scope-snapshot.ts, decision 0052).
// One directed walk: a relationship that starts outside the scope is not read, and simply goes to
// the classifying query as every row did before.
// params: $accountId, $scope, $jobId
// returns: keyHash, key, hash, class, thisJob, endDeleted
MATCH (a:Entity {_accountId: $accountId, _scope: $scope})-[r]->(b)
USING INDEX SEEK a:Entity(_accountId, _scope)
WHERE r._accountId = $accountId AND r._scope = $scope AND r._deleted = false
RETURN r._keyHash AS keyHash, CASE WHEN r._keyHash IS NULL THEN r._key END AS key,
       coalesce(r._hash, '') AS hash, type(r) AS class, r._lastSyncJobId = $jobId AS thisJob,
       a._deleted = true OR b._deleted = true AS endDeleted
