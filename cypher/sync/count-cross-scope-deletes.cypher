// CROSS_SCOPE: how many relationships of the scope this job soft deleted (exact on a re-run).
// params: $accountId, $scope, $jobId
// returns: deleted
MATCH (l:_CrossScopeLink {accountId: $accountId, scope: $scope})
USING INDEX SEEK l:_CrossScopeLink(accountId, scope)
MATCH (a:Entity {_id: l.fromId})
USING INDEX SEEK a:Entity(_id)
MATCH (a)-[r]->()
WHERE r._key = l.key AND r._scope = $scope AND r._lastSyncJobId = $jobId AND r._lastSyncOp = 'deleted'
RETURN count(DISTINCT r) AS deleted
