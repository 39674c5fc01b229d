// The fence of a finalization run, run first in each of its write transactions: takes the job's
// write lock and returns a row only while the job is FINALIZE_PENDING and $run is its latest run.
// The lock is held until the transaction commits, so a newer run's claim waits for this write and
// every later write of the older run finds no row and stops (nothing of it commits).
// params: $accountId, $jobId, $run
// returns: id
MATCH (j:_SyncJob {id: $jobId})
USING INDEX SEEK j:_SyncJob(id)
WHERE j.accountId = $accountId
SET j.locked = true
WITH j
WHERE j.status = 'FINALIZE_PENDING' AND j.finalizeRuns = $run
RETURN j.id AS id
