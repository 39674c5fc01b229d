// The fence of a finalization run, run first in each of its write transactions: takes the job's
// write lock and returns a row only while the job is FINALIZE_PENDING and $run is its latest run.
// The lock is held until the transaction commits, so a newer run's claim waits for this write and
// every later write of the older run finds no row and stops (nothing of it commits).
// `committed` tells a retried transaction whether an earlier attempt of it committed: its commit
// mark $mark (sync/record-commit) exists, and then the row is returned whatever the
// job's status (that attempt may have been the one that made the job final). $mark is null on a
// first attempt.
// params: $accountId, $jobId, $run, $mark
// returns: id, committed
MATCH (j:_SyncJob {id: $jobId})
USING INDEX SEEK j:_SyncJob(id)
WHERE j.accountId = $accountId
SET j.locked = true
WITH j
OPTIONAL MATCH (c:_SyncCommit {jobId: $jobId, mark: $mark})
WITH j, c IS NOT NULL AS committed
WHERE committed OR (j.status = 'FINALIZE_PENDING' AND j.finalizeRuns = $run)
RETURN j.id AS id, committed
