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
// Every lookup is a forced index seek (USING INDEX SEEK): on a new database the index statistics
// say "empty" until sampled, and with plain hints the planner chose a scan of the whole index per
// row (26 s for 5000 rows). Each end is looked up one way only: by _id when the row names one,
// by _key otherwise (a seek by a null value still costs a db hit).
CALL (row) {
  WITH row WHERE row.fromId IS NULL
  OPTIONAL MATCH (fk:Entity {_accountId: $accountId, _scope: coalesce(row.fromScope, $scope), _keyHash: row.fromKeyHash})
  USING INDEX SEEK fk:Entity(_accountId, _scope, _keyHash)
  WHERE fk._key = row.fromKey
  RETURN fk AS a
  UNION ALL
  WITH row WHERE row.fromId IS NOT NULL
  OPTIONAL MATCH (fi:Entity {_id: row.fromId})
  USING INDEX SEEK fi:Entity(_id)
  WHERE fi._accountId = $accountId
  RETURN fi AS a
}
CALL (row) {
  WITH row WHERE row.toId IS NULL
  OPTIONAL MATCH (tk:Entity {_accountId: $accountId, _scope: coalesce(row.toScope, $scope), _keyHash: row.toKeyHash})
  USING INDEX SEEK tk:Entity(_accountId, _scope, _keyHash)
  WHERE tk._key = row.toKey
  RETURN tk AS b
  UNION ALL
  WITH row WHERE row.toId IS NOT NULL
  OPTIONAL MATCH (ti:Entity {_id: row.toId})
  USING INDEX SEEK ti:Entity(_id)
  WHERE ti._accountId = $accountId
  RETURN ti AS b
}
// The relationship is reached by Expand(Into) between the two bound ends, never by a scan of
// every relationship; of several with the row's _key, a live one first (one per row).
WITH row, a, b, COLLECT {
  MATCH (a)-[r]->(b)
  WHERE r._key = row.key AND r._accountId = $accountId AND r._scope = $scope
  RETURN r ORDER BY r._deleted LIMIT 1
}[0] AS r
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
