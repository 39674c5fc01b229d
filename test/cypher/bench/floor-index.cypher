// Benchmark floor (scripts/bench-ingest/create-floor.ts): the index the floor's relationship MATCH uses.
// params: none
// returns: nothing
CREATE INDEX bench_floor_key IF NOT EXISTS FOR (n:_BenchFloor) ON (n._key)
