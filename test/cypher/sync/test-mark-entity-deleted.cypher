// Tests: marks one entity of a scope deleted without touching its relationships (a state no
// write path leaves, for checks that must hold even so).
// params: $accountId, $scope, $key
// returns: key
MATCH (n:Entity {_accountId: $accountId, _scope: $scope})
WHERE n._key = $key
SET n._deleted = true
RETURN n._key AS key
