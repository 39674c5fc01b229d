// Accepts a finalize: AWAITING_UPLOADS -> FINALIZE_PENDING, with the job's place in its scope's
// finalize order. The scope node's counter gives each accepted finalize of one (account, scope)
// the next number; finalizations apply in that order (claim-finalize-run.cypher). Both write locks
// (job, then scope node) are taken before anything is read, so concurrent accepts cannot share a
// number and a finalize racing an abort cannot both pass. No row when the job did not await uploads.
// params: $accountId, $jobId, $scopeKey, $set
// returns: job
MATCH (j:_SyncJob {id: $jobId})
USING INDEX SEEK j:_SyncJob(id)
WHERE j.accountId = $accountId
SET j.lockCount = coalesce(j.lockCount, 0) + 1
WITH j
WHERE j.status = 'AWAITING_UPLOADS'
MERGE (l:_ScopeLock {accountId: $accountId, scope: $scopeKey})
SET l.lockCount = coalesce(l.lockCount, 0) + 1
WITH j, l
SET l.finalizeSeq = coalesce(l.finalizeSeq, 0) + 1
WITH j, l
SET j += $set,
    j.status = 'FINALIZE_PENDING',
    j.finalizeScope = $scopeKey,
    j.finalizeSeq = l.finalizeSeq,
    j.finalizeRunsAtAccept = coalesce(j.finalizeRuns, 0)
RETURN j {.*} AS job
