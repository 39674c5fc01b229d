// Benchmark floor (scripts/bench-ingest/create-floor.ts): drops the floor's index once the floor is measured.
// params: none
// returns: nothing
DROP INDEX bench_floor_key IF EXISTS
