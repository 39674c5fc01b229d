// Benchmark clean-up (scripts/bench-ingest/schema-floor.ts, warm-up.ts): removes the history
// changes written under one job id, which only the bench used.
// params: $jobId
// returns: nothing
MATCH (c:_Change)
USING INDEX SEEK c:_Change(jobId, at)
WHERE c.jobId = $jobId AND c.at IS NOT NULL
CALL (c) { DETACH DELETE c } IN TRANSACTIONS OF 5000 ROWS
