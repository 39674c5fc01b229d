// Jobs still awaiting uploads that started before $before (the reaper aborts them).
// params: $before, $limit
// returns: accountId, jobId
MATCH (j:_SyncJob)
WHERE j.status = 'AWAITING_UPLOADS' AND j.startTimestamp < $before
RETURN j.accountId AS accountId, j.id AS jobId
LIMIT toInteger($limit)
