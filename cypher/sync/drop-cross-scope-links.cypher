// CROSS_SCOPE: drops the _CrossScopeLink records (by element id) whose relationship is gone.
// params: $accountId, $scope, $ids
// returns: dropped
UNWIND $ids AS id
MATCH (l:_CrossScopeLink)
WHERE elementId(l) = id AND l.accountId = $accountId AND l.scope = $scope
DELETE l
RETURN count(*) AS dropped
