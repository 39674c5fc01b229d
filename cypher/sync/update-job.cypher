// Sets properties of a job (finalize progress and counters).
// params: $accountId, $jobId, $set
// returns: job
MATCH (j:_SyncJob {id: $jobId})
USING INDEX SEEK j:_SyncJob(id)
WHERE j.accountId = $accountId
SET j += $set
RETURN j {.*} AS job
