// One job of one account.
// params: $accountId, $jobId
// returns: job
MATCH (j:_SyncJob {id: $jobId})
USING INDEX SEEK j:_SyncJob(id)
WHERE j.accountId = $accountId
RETURN j {.*} AS job
