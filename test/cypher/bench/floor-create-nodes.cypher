// Benchmark floor (scripts/bench-ingest/create-floor.ts): the bare minimum write of one chunk of entity rows,
// to compare finalize against. No classification, no labels per class, no constraint checks.
// params: $rows
// returns: created
UNWIND $rows AS r
CREATE (n:_BenchFloor)
SET n = r
RETURN count(n) AS created
