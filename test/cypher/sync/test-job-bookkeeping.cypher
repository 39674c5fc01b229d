// Tests: how many sync jobs an account has, and the staging bookkeeping (batches, staged keys)
// and commit marks that one job still holds.
// params: $accountId, $jobId
// returns: jobs, batches, stagedKeys, commits
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
CALL () {
  OPTIONAL MATCH (c:_SyncCommit)
  WHERE c.jobId = $jobId AND c.mark IS NOT NULL
  RETURN count(c) AS commits
}
RETURN jobs, batches, stagedKeys, commits
