// DIFF: every live relationship of the scope (touching one of its entities), with what the
// finalizing process needs to tell whether the job received it as it is, and its ends: whether
// each is deleted, and with $ends also its scope, type, key and key digest (the counts before any
// write: the delete guard, the preview) (decision 0051,
// src/sync/finalize/absent-scan.ts). Streamed.
// params: $accountId, $scope, $ends
// returns: id, key, keyHash, hash, type, mapped, mappedJob, from, to
MATCH (e:Entity {_accountId: $accountId, _scope: $scope})-[r]-()
USING INDEX SEEK e:Entity(_accountId, _scope)
WHERE r._accountId = $accountId AND r._scope = $scope AND r._deleted = false
WITH DISTINCT r
WITH r, startNode(r) AS a, endNode(r) AS b
RETURN elementId(r) AS id, r._key AS key, coalesce(r._keyHash, '') AS keyHash, coalesce(r._hash, '') AS hash,
       r._type AS type, r._mapped = true AS mapped, r._lastMappedJobId AS mappedJob,
       CASE WHEN $ends THEN {deleted: a._deleted = true, scope: a._scope, type: a._type, key: a._key,
                             keyHash: a._keyHash}
            ELSE {deleted: a._deleted = true} END AS from,
       CASE WHEN $ends THEN {deleted: b._deleted = true, scope: b._scope, type: b._type, key: b._key,
                             keyHash: b._keyHash}
            ELSE {deleted: b._deleted = true} END AS to
