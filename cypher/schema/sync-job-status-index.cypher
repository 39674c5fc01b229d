// The reaper finds jobs left awaiting uploads past their TTL.
// params: none
// returns: nothing
CREATE INDEX internal_sync_job_status IF NOT EXISTS FOR (j:_SyncJob) ON (j.status, j.startTimestamp)
