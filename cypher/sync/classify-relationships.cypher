// For each uploaded relationship: its two ends (by _key in the scope, or in row.fromScope /
// row.toScope for CROSS_SCOPE, found through _keyHash: decision 0035, or by _id in the account)
// and the stored relationship with the same _key between them, if any, and whether row.cmp holds
// on it (nulls mean "absent"; with row.exact no custom property beyond row.cmp either). Reads only.
// With row.hash (DIFF) a row whose relationship is stored, live, of type row.class, with that hash,
// between live ends and not written by this job ($jobId) is left out: it is unchanged, and an
// unchanged re-run then ships and handles almost nothing.
// params: $accountId, $scope, $rows, $jobId
// returns: i, fromId, fromDeleted, toId, toDeleted, relId, relType, deleted, hash, same, lastJob, lastOp
UNWIND $rows AS row
OPTIONAL MATCH (fk:Entity {_accountId: $accountId, _scope: coalesce(row.fromScope, $scope), _keyHash: row.fromKeyHash})
USING INDEX SEEK fk:Entity(_accountId, _scope, _keyHash)
WHERE fk._key = row.fromKey
OPTIONAL MATCH (fi:Entity {_id: row.fromId})
USING INDEX SEEK fi:Entity(_id)
OPTIONAL MATCH (tk:Entity {_accountId: $accountId, _scope: coalesce(row.toScope, $scope), _keyHash: row.toKeyHash})
USING INDEX SEEK tk:Entity(_accountId, _scope, _keyHash)
WHERE tk._key = row.toKey
OPTIONAL MATCH (ti:Entity {_id: row.toId})
USING INDEX SEEK ti:Entity(_id)
WITH row,
     CASE WHEN row.fromId IS NULL THEN fk WHEN fi._accountId = $accountId THEN fi ELSE null END AS a,
     CASE WHEN row.toId IS NULL THEN tk WHEN ti._accountId = $accountId THEN ti ELSE null END AS b
// Every lookup is a forced index seek (USING INDEX SEEK): on a new database the index statistics
// say "empty" until sampled, and with plain hints the planner chose a scan of the whole index per
// row (26 s for 5000 rows). The start node is found again by _id so that the relationship is
// reached by Expand(Into) from it, never by a scan of every relationship.
OPTIONAL MATCH (from:Entity {_id: a._id})-[r]->(b)
USING INDEX SEEK from:Entity(_id)
WHERE r._key = row.key AND r._accountId = $accountId AND r._scope = $scope
WITH row, a, b, r
ORDER BY r._deleted
WITH row, a, b, head(collect(r)) AS r
WHERE row.hash IS NULL OR r IS NULL OR a IS NULL OR b IS NULL OR a._deleted OR b._deleted
   OR r._deleted OR r._hash IS NULL OR r._hash <> row.hash OR type(r) <> row.class
   OR r._lastSyncJobId = $jobId
RETURN row.i AS i, a._id AS fromId, a._deleted AS fromDeleted, b._id AS toId, b._deleted AS toDeleted,
       elementId(r) AS relId, type(r) AS relType, r._deleted AS deleted, r._hash AS hash,
       CASE WHEN r IS NULL THEN false
            ELSE all(k IN keys(coalesce(row.cmp, {})) WHERE CASE WHEN row.cmp[k] IS NULL THEN r[k] IS NULL ELSE r[k] = row.cmp[k] END)
                 AND (coalesce(row.exact, false) = false
                      OR all(k IN keys(r) WHERE k STARTS WITH '_' OR k IN keys(coalesce(row.cmp, {}))))
       END AS same,
       r._lastSyncJobId AS lastJob, r._lastSyncOp AS lastOp
