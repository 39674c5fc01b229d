// Benchmark scan floor (scripts/bench-ingest/scan-floor.ts): one read of every entity's key and
// content hash (_hash, the property classify-entities compares) in the scope the service wrote.
// params: $accountId, $scope
// returns: key, hash
MATCH (n:Entity {_accountId: $accountId, _scope: $scope})
USING INDEX SEEK n:Entity(_accountId, _scope)
RETURN n._key AS key, n._hash AS hash
