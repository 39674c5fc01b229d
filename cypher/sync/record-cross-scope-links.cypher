// CROSS_SCOPE: records the relationships a job wrote (scope, _key, start entity), once each, so
// that a later job of the scope finds them for its delete step.
// params: $accountId, $scope, $rows
// returns: recorded
UNWIND $rows AS row
MERGE (l:_CrossScopeLink {accountId: $accountId, scope: $scope, key: row.key, fromId: row.fromId})
RETURN count(l) AS recorded
