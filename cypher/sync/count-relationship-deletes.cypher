// How many relationships of the scope this job soft deleted (exact on a re-run of the same job).
// params: $accountId, $scope, $jobId
// returns: deleted
MATCH (e:Entity {_accountId: $accountId, _scope: $scope})-[r]-()
USING INDEX SEEK e:Entity(_accountId, _scope)
WHERE r._scope = $scope AND r._lastSyncJobId = $jobId AND r._lastSyncOp = 'deleted'
RETURN count(DISTINCT r) AS deleted
