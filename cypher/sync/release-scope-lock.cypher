// Gives up the finalize lease on one (account, scope) if this job holds it.
// params: $accountId, $scope, $jobId
// returns: nothing
MATCH (l:_ScopeLock {accountId: $accountId, scope: $scope})
WHERE l.holder = $jobId
SET l.holder = null, l.expiresAt = null
