// For each PATCH entity: its target, by _key in the scope or by _id (in the scope; in any scope of
// the account only for a job without scope, $scope null), and whether the given properties already
// hold (nulls mean "absent"). An _id outside the job's scope finds nothing: the job may not write it.
// Properties pinned by OVERRIDE (_overrides) count as holding: no write changes them.
// By _key means by _keyHash, the digest of row.key (decision 0035).
// params: $accountId, $scope, $rows
// returns: i, id, deleted, same, lastJob, lastOp
UNWIND $rows AS row
OPTIONAL MATCH (byKey:Entity {_accountId: $accountId, _scope: $scope, _keyHash: row.keyHash})
USING INDEX SEEK byKey:Entity(_accountId, _scope, _keyHash)
WHERE byKey._key = row.key
OPTIONAL MATCH (byId:Entity {_id: row.id})
USING INDEX SEEK byId:Entity(_id)
WITH row, CASE WHEN row.id IS NULL THEN byKey
               WHEN byId._accountId = $accountId AND ($scope IS NULL OR byId._scope = $scope) THEN byId
               ELSE null END AS n
RETURN row.i AS i, n._id AS id, n._deleted AS deleted,
       CASE WHEN n IS NULL THEN false
            ELSE all(k IN keys(row.cmp) WHERE k IN coalesce(n._overrides, []) OR CASE WHEN row.cmp[k] IS NULL THEN n[k] IS NULL ELSE n[k] = row.cmp[k] END)
       END AS same,
       n._lastSyncJobId AS lastJob, n._lastSyncOp AS lastOp
