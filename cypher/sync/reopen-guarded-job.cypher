// A finalize forced past the delete guard: a job the guard stopped (FAILED, its staged data
// kept) goes back to FINALIZE_PENDING with the next place in its scope's finalize order, as
// accept-finalize.cypher gives one (same locks, same order). No row when the job is not one the
// guard stopped.
// params: $accountId, $jobId, $scopeKey, $set
// returns: job
MATCH (j:_SyncJob {id: $jobId})
USING INDEX SEEK j:_SyncJob(id)
WHERE j.accountId = $accountId
SET j.locked = true
WITH j
WHERE j.status = 'FAILED' AND j.deleteGuardState = 'stopped'
MERGE (l:_ScopeLock {accountId: $accountId, scope: $scopeKey})
SET l.locked = true
WITH j, l, coalesce(l.finalizeSeq, 0) + 1 AS seq, coalesce(j.finalizeRuns, 0) AS runs
SET l.finalizeSeq = seq,
    j += $set,
    j.status = 'FINALIZE_PENDING',
    j.deleteGuardState = 'forced',
    j.finalizeScope = $scopeKey,
    j.finalizeSeq = seq,
    j.finalizeRunsAtAccept = runs
REMOVE j.error, j.endTimestamp
RETURN j {.*} AS job
