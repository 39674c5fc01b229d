// Tests: how many sync jobs an account has, and the staging bookkeeping (batches, staged keys)
// that one job still holds.
// params: $accountId, $jobId
// returns: jobs, batches, stagedKeys
CALL () {
  OPTIONAL MATCH (j:_SyncJob)
  WHERE j.accountId = $accountId
  RETURN count(j) AS jobs
}
CALL () {
  OPTIONAL MATCH (b:_SyncBatch)
  WHERE b.jobId = $jobId AND b.seq IS NOT NULL
  RETURN count(b) AS batches
}
CALL () {
  OPTIONAL MATCH (s:_SyncStagedKey)
  WHERE s.jobId = $jobId AND s.kind IS NOT NULL AND s.key IS NOT NULL
  RETURN count(s) AS stagedKeys
}
RETURN jobs, batches, stagedKeys
