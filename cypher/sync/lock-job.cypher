// Reads a job while taking its write lock, so concurrent uploads to one job are serialised.
// params: $accountId, $jobId
// returns: job
MATCH (j:_SyncJob {id: $jobId})
USING INDEX SEEK j:_SyncJob(id)
WHERE j.accountId = $accountId
SET j.lockCount = coalesce(j.lockCount, 0) + 1
RETURN j {.*} AS job
