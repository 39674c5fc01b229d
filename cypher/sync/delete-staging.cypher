// Forgets a job's staged batches and keys, and the commit marks of its finalization writes, once
// it is final (the blobs are removed separately).
// params: $jobId, $limit
// returns: deleted
CALL () {
  MATCH (s:_SyncStagedKey)
  WHERE s.jobId = $jobId AND s.kind IS NOT NULL AND s.key IS NOT NULL
  RETURN s AS n
  LIMIT toInteger($limit)
  UNION
  MATCH (b:_SyncBatch)
  WHERE b.jobId = $jobId AND b.seq IS NOT NULL
  RETURN b AS n
  LIMIT toInteger($limit)
  UNION
  MATCH (c:_SyncCommit)
  WHERE c.jobId = $jobId AND c.mark IS NOT NULL
  RETURN c AS n
  LIMIT toInteger($limit)
}
WITH n LIMIT toInteger($limit)
DETACH DELETE n
RETURN count(*) AS deleted
