// Whether (account, scope) holds any entity at all, soft-deleted ones included.
// params: $accountId, $scope
// returns: found
MATCH (n:Entity {_accountId: $accountId, _scope: $scope})
USING INDEX SEEK n:Entity(_accountId, _scope)
RETURN true AS found
LIMIT 1
