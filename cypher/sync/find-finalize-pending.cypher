// FINALIZE_PENDING jobs accepted before $before, oldest first (the finalize reconciler makes sure
// each has a queue job).
// params: $before, $limit
// returns: accountId, jobId, finalizeSeq
MATCH (j:_SyncJob)
WHERE j.status = 'FINALIZE_PENDING' AND j.startTimestamp < $before
RETURN j.accountId AS accountId, j.id AS jobId, coalesce(j.finalizeSeq, 0) AS finalizeSeq
ORDER BY j.startTimestamp
LIMIT toInteger($limit)
