// DIFF: every live entity of the scope, streamed to the finalizing process, which tells those the
// job did not upload from its batches' key prints (decision 0051, src/sync/finalize/absent-scan.ts).
// params: $accountId, $scope
// returns: id, key, keyHash, type
MATCH (n:Entity {_accountId: $accountId, _scope: $scope})
USING INDEX SEEK n:Entity(_accountId, _scope)
WHERE n._deleted = false
RETURN elementId(n) AS id, n._key AS key, coalesce(n._keyHash, '') AS keyHash, n._type AS type
