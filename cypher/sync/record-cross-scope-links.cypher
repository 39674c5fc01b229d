// CROSS_SCOPE: records the relationships a job wrote (scope, _key, start entity), once each, so
// that a later job of the scope finds them for its delete step; keyHash is the key's digest, by
// which the delete step finds the job's staged key (decision 0035).
// params: $accountId, $scope, $rows
// returns: recorded
UNWIND $rows AS row
MERGE (l:_CrossScopeLink {accountId: $accountId, scope: $scope, key: row.key, fromId: row.fromId})
SET l.keyHash = row.keyHash
RETURN count(l) AS recorded
