// Starts a finalization run: when the job is FINALIZE_PENDING and no job of its scope accepted
// earlier is still pending, takes the next run number (the run's fencing token). Every write of
// the run checks that token (check-finalize-fence.cypher), so an older run of the same job, still
// going after a stall, stops at its next statement. Returns the job, `mine` (the run may go on)
// and `earlier` (the id of an earlier pending job of the scope it must wait for, if any).
// params: $accountId, $jobId
// returns: job, mine, earlier
MATCH (j:_SyncJob {id: $jobId})
USING INDEX SEEK j:_SyncJob(id)
WHERE j.accountId = $accountId
SET j.locked = true
WITH j
OPTIONAL MATCH (o:_SyncJob {accountId: $accountId, finalizeScope: j.finalizeScope, status: 'FINALIZE_PENDING'})
  WHERE o.finalizeSeq < j.finalizeSeq
WITH j, o ORDER BY o.finalizeSeq
WITH j, collect(o.id)[0] AS earlier
WITH j, earlier, j.status = 'FINALIZE_PENDING' AND earlier IS NULL AS mine,
     coalesce(j.finalizeRuns, 0) AS runs
SET j.finalizeRuns = CASE WHEN mine THEN runs + 1 ELSE runs END
RETURN j {.*} AS job, mine, earlier
