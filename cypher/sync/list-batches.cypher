// A job's staged batches in upload order, with whether their keys are staged (decision 0050).
// params: $jobId
// returns: seq, blobKey, entities, relationships, keysStaged
MATCH (b:_SyncBatch)
WHERE b.jobId = $jobId AND b.seq IS NOT NULL
RETURN b.seq AS seq, b.blobKey AS blobKey, b.entities AS entities, b.relationships AS relationships,
       coalesce(b.keysStaged, false) AS keysStaged
ORDER BY seq
