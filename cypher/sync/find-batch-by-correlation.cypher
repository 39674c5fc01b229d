// The batch a job already staged under this correlation id, if any, and the digest of its content
// (null for batches staged before digests were recorded).
// params: $jobId, $correlationId
// returns: seq, contentHash
MATCH (b:_SyncBatch {jobId: $jobId, correlationId: $correlationId})
USING INDEX SEEK b:_SyncBatch(jobId, correlationId)
RETURN b.seq AS seq, b.contentHash AS contentHash
