// Jobs the delete guard stopped (FAILED with their staged data kept) that ended before $before:
// they can no longer be forced; the reaper then deletes their staged data.
// params: $before, $limit
// returns: accountId, jobId
MATCH (j:_SyncJob)
WHERE j.status = 'FAILED' AND j.deleteGuardState = 'stopped' AND j.endTimestamp < $before
WITH j LIMIT toInteger($limit)
SET j.deleteGuardState = 'expired'
RETURN j.accountId AS accountId, j.id AS jobId
