// A DIFF into a new scope: the ends of each uploaded relationship by _key in the scope (nothing
// of the scope existed before this job, so no stored relationship can match). Reads only.
// params: $accountId, $scope, $rows
// returns: i, fromId, fromDeleted, toId, toDeleted
UNWIND $rows AS row
OPTIONAL MATCH (a:Entity {_accountId: $accountId, _scope: $scope, _key: row.fromKey})
USING INDEX SEEK a:Entity(_accountId, _scope, _key)
OPTIONAL MATCH (b:Entity {_accountId: $accountId, _scope: $scope, _key: row.toKey})
USING INDEX SEEK b:Entity(_accountId, _scope, _key)
RETURN row.i AS i, a._id AS fromId, a._deleted AS fromDeleted, b._id AS toId, b._deleted AS toDeleted
