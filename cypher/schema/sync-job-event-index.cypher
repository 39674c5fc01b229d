// A job's events are listed by job id.
// params: none
// returns: nothing
CREATE INDEX sync_job_event_job IF NOT EXISTS FOR (e:SyncJobEvent) ON (e.jobId, e.createDate)
