// A job's events, oldest first (by sequence number; events stored before numbering came first).
// params: $jobId
// returns: event
MATCH (e:_SyncJobEvent)
WHERE e.jobId = $jobId AND e.createDate IS NOT NULL
RETURN e {.id, .createDate, .name, .description} AS event
ORDER BY coalesce(e.seq, 0), e.createDate, e.id
