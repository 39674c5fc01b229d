// For each uploaded entity (DIFF, PUT): the stored entity with its _key in the scope, if any, and
// whether the given properties already hold (row.cmp: properties that must be equal; nulls mean
// "absent"). With row.exact the stored entity must also have no custom property beyond row.cmp
// (DIFF's content test for an entity without a known _hash). Reads only. With row.hash (DIFF) a
// row whose entity is stored, live, with that hash and not written by this job ($jobId) is left
// out: it is unchanged.
// Properties pinned by OVERRIDE (_overrides) count as holding: no write changes them; tags a rule
// set (_ruleTags) are not the owner's data, so they are no difference either.
// Entities are found by _keyHash, the digest of row.key (decision 0035).
// params: $accountId, $scope, $rows, $jobId
// returns: i, id, deleted, hash, same, lastJob, lastOp
UNWIND $rows AS row
OPTIONAL MATCH (n:Entity {_accountId: $accountId, _scope: $scope, _keyHash: row.keyHash})
USING INDEX SEEK n:Entity(_accountId, _scope, _keyHash)
WHERE n._key = row.key
WITH row, n
WHERE row.hash IS NULL OR n IS NULL OR n._deleted OR n._hash IS NULL OR n._hash <> row.hash
   OR n._lastSyncJobId = $jobId
RETURN row.i AS i, n._id AS id, n._deleted AS deleted, n._hash AS hash,
       CASE WHEN n IS NULL THEN false
            // Nothing to compare (a row with a hash): the stored properties are not read.
            WHEN row.cmp IS NULL AND NOT coalesce(row.exact, false) THEN true
            ELSE all(k IN keys(coalesce(row.cmp, {})) WHERE k IN coalesce(n._overrides, []) OR CASE WHEN row.cmp[k] IS NULL THEN n[k] IS NULL ELSE n[k] = row.cmp[k] END)
                 AND (coalesce(row.exact, false) = false
                      OR all(k IN keys(n) WHERE k STARTS WITH '_' OR k IN keys(coalesce(row.cmp, {})) OR k IN coalesce(n._overrides, []) OR k IN coalesce(n._ruleTags, [])))
       END AS same,
       n._lastSyncJobId AS lastJob, n._lastSyncOp AS lastOp
