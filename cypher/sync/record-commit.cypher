// The commit mark of one write transaction of a sync job (an upload, a finalization write),
// created in that transaction: it exists once the transaction committed, whether or not the reply
// reached the process (src/sync/jobs/commit-once.ts). Removed with the job's staging
// (sync/delete-staging).
// params: $jobId, $mark
// returns: nothing
CREATE (:_SyncCommit {jobId: $jobId, mark: $mark})
