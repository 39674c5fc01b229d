// For each uploaded relationship: its two ends (by _key in the scope, or by _id in the account)
// and the stored relationship with the same _key between them, if any, and whether row.cmp holds
// on it (nulls mean "absent"; with row.exact no custom property beyond row.cmp either). Reads only.
// params: $accountId, $scope, $rows
// returns: i, fromId, fromDeleted, toId, toDeleted, relId, relType, deleted, hash, same, lastJob, lastOp
UNWIND $rows AS row
OPTIONAL MATCH (fk:Entity {_accountId: $accountId, _scope: $scope, _key: row.fromKey})
OPTIONAL MATCH (fi:Entity {_id: row.fromId})
OPTIONAL MATCH (tk:Entity {_accountId: $accountId, _scope: $scope, _key: row.toKey})
OPTIONAL MATCH (ti:Entity {_id: row.toId})
WITH row,
     CASE WHEN row.fromId IS NULL THEN fk WHEN fi._accountId = $accountId THEN fi ELSE null END AS a,
     CASE WHEN row.toId IS NULL THEN tk WHEN ti._accountId = $accountId THEN ti ELSE null END AS b
OPTIONAL MATCH (a)-[r]->(b)
WHERE r._key = row.key AND r._accountId = $accountId AND r._scope = $scope
WITH row, a, b, r
ORDER BY r._deleted
WITH row, a, b, head(collect(r)) AS r
RETURN row.i AS i, a._id AS fromId, a._deleted AS fromDeleted, b._id AS toId, b._deleted AS toDeleted,
       elementId(r) AS relId, type(r) AS relType, r._deleted AS deleted, r._hash AS hash,
       CASE WHEN r IS NULL THEN false
            ELSE all(k IN keys(row.cmp) WHERE CASE WHEN row.cmp[k] IS NULL THEN r[k] IS NULL ELSE r[k] = row.cmp[k] END)
                 AND (coalesce(row.exact, false) = false
                      OR all(k IN keys(r) WHERE k STARTS WITH '_' OR k IN keys(row.cmp)))
       END AS same,
       r._lastSyncJobId AS lastJob, r._lastSyncOp AS lastOp
