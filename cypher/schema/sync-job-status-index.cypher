// The reaper finds jobs left awaiting uploads past their TTL.
// params: none
// returns: nothing
CREATE INDEX sync_job_status IF NOT EXISTS FOR (j:SyncJob) ON (j.status, j.startTimestamp)
