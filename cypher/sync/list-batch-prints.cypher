// A page of a job's staged batches after batch $after, in upload order, with their keys' prints
// (decision 0051; null for a batch that has none: too large, or staged before prints were kept).
// params: $jobId, $after, $limit
// returns: seq, blobKey, entityPrints, relationshipPrints
MATCH (b:_SyncBatch)
WHERE b.jobId = $jobId AND b.seq > $after
RETURN b.seq AS seq, b.blobKey AS blobKey, b.entityPrints AS entityPrints,
       b.relationshipPrints AS relationshipPrints
ORDER BY seq
LIMIT toInteger($limit)
