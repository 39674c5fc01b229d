// For each OVERRIDE entity: the entities it names, by _id (in the account) or else by _type and
// _key in any scope of the account (or in row.scope when given), with the stored values of the
// properties it sets (row.names, in that order), the stored pins and the job stamps. A job with a
// scope ($scope not null) finds only entities of that scope: it may not write others. A _key is
// found through _keyHash, its digest (decision 0035). Reads only.
// params: $accountId, $scope, $rows
// returns: i, found
UNWIND $rows AS row
OPTIONAL MATCH (byId:Entity {_id: row.id})
USING INDEX SEEK byId:Entity(_id)
WITH row, CASE WHEN byId._accountId = $accountId AND ($scope IS NULL OR byId._scope = $scope)
               THEN byId ELSE null END AS byId
OPTIONAL MATCH (byKey:Entity {_accountId: $accountId, _keyHash: row.keyHash})
USING INDEX SEEK byKey:Entity(_accountId, _keyHash)
WHERE row.id IS NULL AND byKey._key = row.key AND byKey._type = row.type AND (row.scope IS NULL OR byKey._scope = row.scope)
  AND ($scope IS NULL OR byKey._scope = $scope)
WITH row, byId, collect(byKey) AS byKey
WITH row, CASE WHEN row.id IS NULL THEN byKey WHEN byId IS NULL THEN [] ELSE [byId] END AS found
RETURN row.i AS i,
       [n IN found | {id: n._id, deleted: coalesce(n._deleted, false), scope: n._scope,
                      values: [k IN row.names | n[k]], overrides: coalesce(n._overrides, []),
                      lastJob: n._lastSyncJobId, lastOp: n._lastSyncOp}] AS found
