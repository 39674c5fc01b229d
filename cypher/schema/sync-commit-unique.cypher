// One commit mark per (job, mark): a write of a sync job records one in its transaction, so a
// retry of that transaction can tell whether it already committed (src/sync/jobs/commit-once.ts).
// params: none
// returns: nothing
CREATE CONSTRAINT internal_sync_commit_unique IF NOT EXISTS FOR (c:_SyncCommit) REQUIRE (c.jobId, c.mark) IS UNIQUE
