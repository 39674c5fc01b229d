// Takes (or renews) the finalize lease on one (account, scope); a row only when this job holds it.
// params: $accountId, $scope, $jobId, $now, $leaseMs
// returns: holder
MERGE (l:ScopeLock {accountId: $accountId, scope: $scope})
WITH l
WHERE l.holder IS NULL OR l.holder = $jobId OR l.expiresAt < $now
SET l.holder = $jobId, l.expiresAt = $now + $leaseMs
RETURN l.holder AS holder
