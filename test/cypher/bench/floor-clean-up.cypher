// Benchmark floor (scripts/bench-ingest/create-floor.ts): removes the floor's nodes and relationships
// (auto-commit: CALL IN TRANSACTIONS).
// params: none
// returns: nothing
MATCH (n:_BenchFloor)
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS
