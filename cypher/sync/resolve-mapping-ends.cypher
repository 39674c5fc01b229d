// Mapped relationships: for each row, the source entity (row.sourceKey in the scope) and the live
// entities of the account that match any one of row.filters (every condition of the filter holds:
// `_class` conditions name classes the entity has, others equal the property). A filter with a
// _key is found through the (_accountId, _keyHash) index (f.keyHash, the key's digest: decision
// 0035), else one with a _type through the type index; a filter with neither scans the account's
// entities. ownPlaceholders: the targets that are
// placeholders this job ($jobId) created (a re-run counts them). Reads only.
// params: $accountId, $scope, $rows, $placeholderScope, $jobId
// returns: i, sourceId, sourceDeleted, targets, ownPlaceholders
UNWIND $rows AS row
OPTIONAL MATCH (s:Entity {_accountId: $accountId, _scope: $scope, _keyHash: row.sourceKeyHash})
USING INDEX SEEK s:Entity(_accountId, _scope, _keyHash)
WHERE s._key = row.sourceKey
CALL (row) {
  UNWIND row.filters AS f
  CALL (f) {
    WITH f
    WHERE f.key IS NOT NULL
    MATCH (t:Entity {_accountId: $accountId, _keyHash: f.keyHash})
    USING INDEX SEEK t:Entity(_accountId, _keyHash)
    WHERE t._key = f.key
    RETURN t
    UNION
    WITH f
    WHERE f.key IS NULL AND f.type IS NOT NULL
    MATCH (t:Entity {_accountId: $accountId, _type: f.type})
    USING INDEX SEEK t:Entity(_accountId, _type)
    RETURN t
    UNION
    WITH f
    WHERE f.key IS NULL AND f.type IS NULL
    MATCH (t:Entity)
    WHERE t._accountId = $accountId
    RETURN t
  }
  WITH f, t
  WHERE t._deleted = false
    AND all(c IN f.conds WHERE CASE WHEN c.name = '_class' THEN all(x IN c.value WHERE x IN t._class)
                                    ELSE t[c.name] = c.value END)
  RETURN collect(DISTINCT t._id) AS targets,
         collect(DISTINCT CASE WHEN t._scope = $placeholderScope AND t._lastSyncJobId = $jobId
                                    AND t._lastSyncOp = 'created' THEN t._id END) AS ownPlaceholders
}
RETURN row.i AS i, s._id AS sourceId, s._deleted AS sourceDeleted, targets, ownPlaceholders
