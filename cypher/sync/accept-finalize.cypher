// Accepts a finalize: AWAITING_UPLOADS -> FINALIZE_PENDING, with the job's place in its scope's
// finalize order. The scope node's counter gives each accepted finalize of one (account, scope)
// the next number; finalizations apply in that order (claim-finalize-run.cypher). Both write locks
// (job, then scope node) are taken before anything is read, so concurrent accepts cannot share a
// number and a finalize racing an abort cannot both pass. The locks are taken by writing constants
// and values are read in a WITH once they are held: a SET that reads the property it writes
// re-locks the node and can abort waiters with a false DeadlockDetected (see lock-job.cypher).
// No row when the job did not await uploads.
// params: $accountId, $jobId, $scopeKey, $set
// returns: job
MATCH (j:_SyncJob {id: $jobId})
USING INDEX SEEK j:_SyncJob(id)
WHERE j.accountId = $accountId
SET j.locked = true
WITH j
WHERE j.status = 'AWAITING_UPLOADS'
MERGE (l:_ScopeLock {accountId: $accountId, scope: $scopeKey})
SET l.locked = true
WITH j, l, coalesce(l.finalizeSeq, 0) + 1 AS seq, coalesce(j.finalizeRuns, 0) AS runs
SET l.finalizeSeq = seq,
    j += $set,
    j.status = 'FINALIZE_PENDING',
    j.finalizeScope = $scopeKey,
    j.finalizeSeq = seq,
    j.finalizeRunsAtAccept = runs
RETURN j {.*} AS job
