// Tests: the element id of each relationship of one (account, scope), by _key (an element id
// stays while a relationship is rewritten in place and changes when it is recreated).
// params: $accountId, $scope
// returns: key, elementId
MATCH (a:Entity {_accountId: $accountId, _scope: $scope})-[r]->()
WHERE r._accountId = $accountId AND r._scope = $scope
RETURN r._key AS key, elementId(r) AS elementId
ORDER BY key
