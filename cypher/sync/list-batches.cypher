// A job's staged batches in upload order, those after batch $afterSeq (0: all of them). The
// (jobId, seq) uniqueness constraint's index serves the range, so an upload catching up on the
// last few batches of a long job reads only those.
// params: $jobId, $afterSeq
// returns: seq, blobKey, entities, relationships
MATCH (b:_SyncBatch)
USING INDEX SEEK b:_SyncBatch(jobId, seq)
WHERE b.jobId = $jobId AND b.seq > $afterSeq
RETURN b.seq AS seq, b.blobKey AS blobKey, b.entities AS entities, b.relationships AS relationships
ORDER BY seq
