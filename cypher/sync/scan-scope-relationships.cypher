// DIFF: every live relationship of the scope (touching one of its entities), with what the
// finalizing process needs to tell whether the job received it as it is, and its ends: whether
// each is deleted, and its scope, type and key digest (decision 0051,
// src/sync/finalize/absent-scan.ts). Streamed.
// params: $accountId, $scope
// returns: id, key, keyHash, hash, type, mapped, mappedJob, from, to
MATCH (e:Entity {_accountId: $accountId, _scope: $scope})-[r]-()
USING INDEX SEEK e:Entity(_accountId, _scope)
WHERE r._accountId = $accountId AND r._scope = $scope AND r._deleted = false
WITH DISTINCT r
WITH r, startNode(r) AS a, endNode(r) AS b
RETURN elementId(r) AS id, r._key AS key, coalesce(r._keyHash, '') AS keyHash, coalesce(r._hash, '') AS hash,
       r._type AS type, r._mapped = true AS mapped, r._lastMappedJobId AS mappedJob,
       {deleted: a._deleted = true, scope: a._scope, type: a._type, key: a._key,
        keyHash: a._keyHash} AS from,
       {deleted: b._deleted = true, scope: b._scope, type: b._type, key: b._key,
        keyHash: b._keyHash} AS to
