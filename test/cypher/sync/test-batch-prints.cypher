// Tests: a job's batches, the bytes of their key prints (decision 0051), and how many staged key
// nodes the job has (none since 0051).
// params: $jobId
// returns: seq, entityBytes, relationshipBytes, keyNodes
MATCH (b:_SyncBatch)
WHERE b.jobId = $jobId AND b.seq IS NOT NULL
WITH b ORDER BY b.seq
WITH collect(b) AS batches
CALL () {
  MATCH (s:_SyncStagedKey)
  WHERE s.jobId = $jobId
  RETURN count(s) AS keyNodes
}
UNWIND batches AS b
RETURN b.seq AS seq, size(b.entityPrints) AS entityBytes, size(b.relationshipPrints) AS relationshipBytes,
       keyNodes
ORDER BY seq
