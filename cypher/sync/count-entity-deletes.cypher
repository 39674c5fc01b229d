// How many entities of the scope this job soft deleted (exact on a re-run of the same job).
// params: $accountId, $scope, $jobId
// returns: deleted
MATCH (n:Entity {_accountId: $accountId, _scope: $scope})
USING INDEX SEEK n:Entity(_accountId, _scope)
WHERE n._lastSyncJobId = $jobId AND n._lastSyncOp = 'deleted'
RETURN count(n) AS deleted
