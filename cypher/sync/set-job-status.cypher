// Moves a job from one of $from to $to, setting extra properties; no row when it was not in $from.
// The job's write lock is taken (a constant SET) before its status is checked: a check made before
// the lock would let two concurrent transitions (two finalizes, finalize and abort) both pass.
// params: $accountId, $jobId, $from, $to, $set
// returns: job
MATCH (j:_SyncJob {id: $jobId})
USING INDEX SEEK j:_SyncJob(id)
WHERE j.accountId = $accountId
SET j.locked = true
WITH j
WHERE j.status IN $from
SET j += $set, j.status = $to
RETURN j {.*} AS job
