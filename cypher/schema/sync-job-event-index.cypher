// A job's events are listed by job id.
// params: none
// returns: nothing
CREATE INDEX internal_sync_job_event_job IF NOT EXISTS FOR (e:_SyncJobEvent) ON (e.jobId, e.createDate)
