// A job's events, oldest first.
// params: $jobId
// returns: event
MATCH (e:SyncJobEvent)
WHERE e.jobId = $jobId AND e.createDate IS NOT NULL
RETURN e {.id, .createDate, .name, .description} AS event
ORDER BY e.createDate, e.id
