// A job's staged batches in upload order.
// params: $jobId
// returns: seq, blobKey, entities, relationships
MATCH (b:_SyncBatch)
WHERE b.jobId = $jobId AND b.seq IS NOT NULL
RETURN b.seq AS seq, b.blobKey AS blobKey, b.entities AS entities, b.relationships AS relationships
ORDER BY seq
