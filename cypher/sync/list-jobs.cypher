// One page of an account's sync jobs, newest first (startTimestamp descending, then id): those
// after the previous page's last ($afterStarted, $afterId; both null for the first page), started
// at or after $since when given, optionally only in one of $statuses, of $scope, of $source, of
// $integrationInstanceId. The index is read in order from the upper bound down; one row more
// than $limit tells a next page.
// params: $accountId, $since, $afterStarted, $afterId, $statuses, $scope, $source, $integrationInstanceId, $limit
// returns: job
MATCH (j:_SyncJob)
USING INDEX SEEK j:_SyncJob(accountId, startTimestamp)
WHERE j.accountId = $accountId
  AND j.startTimestamp >= coalesce($since, 0)
  AND j.startTimestamp <= coalesce($afterStarted, 9007199254740991)
  AND ($afterStarted IS NULL OR j.startTimestamp < $afterStarted OR j.id > $afterId)
  AND ($statuses IS NULL OR j.status IN $statuses)
  AND ($scope IS NULL OR j.scope = $scope)
  AND ($source IS NULL OR j.source = $source)
  AND ($integrationInstanceId IS NULL OR j.integrationInstanceId = $integrationInstanceId)
RETURN j {.*} AS job
ORDER BY j.startTimestamp DESC, j.id
LIMIT toInteger($limit) + 1
