// The batch a job already staged under this correlation id, if any.
// params: $jobId, $correlationId
// returns: seq
MATCH (b:_SyncBatch {jobId: $jobId, correlationId: $correlationId})
USING INDEX SEEK b:_SyncBatch(jobId, correlationId)
RETURN b.seq AS seq
