// Benchmark scan floor (scripts/bench-ingest/scan-floor.ts): one read of every relationship's
// key and content hash (_hash, the property classify-relationships compares) in the scope the
// service wrote; each relationship once, from its start node.
// params: $accountId, $scope
// returns: key, hash
MATCH (n:Entity {_accountId: $accountId, _scope: $scope})-[r]->()
USING INDEX SEEK n:Entity(_accountId, _scope)
WHERE r._accountId = $accountId AND r._scope = $scope
RETURN r._key AS key, r._hash AS hash
