// FINALIZE_PENDING jobs accepted before $before, oldest first (the finalize reconciler makes sure
// each has a queue job; a local-mode API resumes them at start-up). Only the jobs of $owner, the
// deployment asking, and those accepted without an owner: another deployment sharing this Neo4j
// never takes up a job it cannot see the queue or staged data of (decision 0048). A null $owner
// asks for every job.
// params: $before, $limit, $owner
// returns: accountId, jobId, finalizeSeq
MATCH (j:_SyncJob)
WHERE j.status = 'FINALIZE_PENDING' AND j.startTimestamp < $before
  AND ($owner IS NULL OR coalesce(j.finalizeOwner, $owner) = $owner)
RETURN j.accountId AS accountId, j.id AS jobId, coalesce(j.finalizeSeq, 0) AS finalizeSeq
ORDER BY j.startTimestamp
LIMIT toInteger($limit)
