// Benchmark floors (scripts/bench-ingest/floors.ts): removes the create floor's copy, nodes and
// relationships, after the change floor wrote to it (auto-commit: CALL IN TRANSACTIONS).
// params: none
// returns: nothing
MATCH (n:_BenchFloor)
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS
