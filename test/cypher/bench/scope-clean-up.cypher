// Benchmark clean-up (scripts/bench-ingest/schema-floor.ts, warm-up.ts): removes the entities (and
// so their relationships) of one scope of the bench's account, which only the bench wrote.
// params: $accountId, $scope
// returns: nothing
MATCH (n:Entity {_accountId: $accountId, _scope: $scope})
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS
