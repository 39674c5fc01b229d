// A DIFF into a new scope: the ends of each uploaded relationship by _key in the scope (nothing
// of the scope existed before this job, so no stored relationship can match), found through
// _keyHash, the keys' digest (decision 0035). Reads only.
// params: $accountId, $scope, $rows
// returns: i, fromId, fromDeleted, toId, toDeleted
UNWIND $rows AS row
OPTIONAL MATCH (a:Entity {_accountId: $accountId, _scope: $scope, _keyHash: row.fromKeyHash})
USING INDEX SEEK a:Entity(_accountId, _scope, _keyHash)
WHERE a._key = row.fromKey
OPTIONAL MATCH (b:Entity {_accountId: $accountId, _scope: $scope, _keyHash: row.toKeyHash})
USING INDEX SEEK b:Entity(_accountId, _scope, _keyHash)
WHERE b._key = row.toKey
RETURN row.i AS i, a._id AS fromId, a._deleted AS fromDeleted, b._id AS toId, b._deleted AS toDeleted
