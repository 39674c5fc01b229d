// GET /persister/synchronization/jobs/{jobId}/changes: one page of what a sync job of the account
// changed (:_Change, decision 0045), only of $kind when given, newest first (at descending, then
// changeId), after the previous page's last ($afterAt, $afterId; both null for the first page).
// One row more than $limit tells a next page. found is false when the account has no such job.
// params: $accountId, $jobId, $kind, $afterAt, $afterId, $limit
// returns: found, changes
OPTIONAL MATCH (j:_SyncJob {id: $jobId})
USING INDEX SEEK j:_SyncJob(id)
WHERE j.accountId = $accountId
CALL (j) {
  MATCH (c:_Change)
  USING INDEX SEEK c:_Change(jobId, at)
  WHERE j IS NOT NULL AND c.jobId = $jobId AND c.accountId = $accountId
    AND c.at <= coalesce($afterAt, 9007199254740991)
    AND ($afterAt IS NULL OR c.at < $afterAt OR c.changeId > $afterId)
    AND ($kind IS NULL OR c.kind = $kind)
  WITH c ORDER BY c.at DESC, c.changeId LIMIT toInteger($limit) + 1
  RETURN collect(properties(c)) AS changes
}
RETURN j IS NOT NULL AS found, changes
