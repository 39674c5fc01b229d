// Tests: removes the key prints of one batch, as a batch staged before decision 0051 has none.
// params: $jobId, $seq
// returns: seq
MATCH (b:_SyncBatch)
WHERE b.jobId = $jobId AND b.seq = $seq
SET b.entityPrints = null, b.relationshipPrints = null
RETURN b.seq AS seq
