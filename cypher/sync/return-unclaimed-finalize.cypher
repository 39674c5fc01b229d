// Hands a FINALIZE_PENDING job back to AWAITING_UPLOADS when its finalization could not be queued,
// but only while no run has started since the finalize was accepted (a late enqueue may already
// have reached a worker: then the job stays pending and that run finishes it). No row otherwise.
// params: $accountId, $jobId
// returns: job
MATCH (j:_SyncJob {id: $jobId})
USING INDEX SEEK j:_SyncJob(id)
WHERE j.accountId = $accountId
SET j.locked = true
WITH j
WHERE j.status = 'FINALIZE_PENDING'
  AND coalesce(j.finalizeRuns, 0) = coalesce(j.finalizeRunsAtAccept, 0)
SET j.status = 'AWAITING_UPLOADS'
RETURN j {.*} AS job
