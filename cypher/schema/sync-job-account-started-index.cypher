// GET /persister/synchronization/jobs lists an account's jobs newest first: a range seek on
// startTimestamp, in index order (list-jobs.cypher).
// params: none
// returns: nothing
CREATE INDEX internal_sync_job_account_started IF NOT EXISTS FOR (j:_SyncJob) ON (j.accountId, j.startTimestamp)
