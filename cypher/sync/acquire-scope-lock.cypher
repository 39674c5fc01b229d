// Takes (or renews) the finalize lease on one (account, scope); a row only when this job holds it.
// The holder is checked only once this transaction holds the node's write lock (lockCount), so
// two jobs racing for a free scope cannot both take the lease, however the node was found.
// params: $accountId, $scope, $jobId, $now, $leaseMs
// returns: holder
MERGE (l:_ScopeLock {accountId: $accountId, scope: $scope})
SET l.lockCount = coalesce(l.lockCount, 0) + 1
WITH l
WHERE l.holder IS NULL OR l.holder = $jobId OR l.expiresAt < $now
SET l.holder = $jobId, l.expiresAt = $now + $leaseMs
RETURN l.holder AS holder
