// Tests: how many sync jobs an account has, and the staging bookkeeping (batches, staged keys:
// the key prints its batches keep, decision 0051, plus any key node of the design before it)
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
  RETURN count(b) AS batches,
         sum(coalesce(size(b.entityPrints) / 16, 0) + coalesce(size(b.relationshipPrints) / 24, 0)) AS prints
}
CALL () {
  OPTIONAL MATCH (s:_SyncStagedKey)
  WHERE s.jobId = $jobId AND s.kind IS NOT NULL AND s.key IS NOT NULL
  RETURN count(s) AS keyNodes
}
CALL () {
  OPTIONAL MATCH (c:_SyncCommit)
  WHERE c.jobId = $jobId AND c.mark IS NOT NULL
  RETURN count(c) AS commits
}
RETURN jobs, batches, prints + keyNodes AS stagedKeys, commits
