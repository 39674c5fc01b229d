// CROSS_SCOPE: the relationships earlier CROSS_SCOPE jobs of the scope wrote (their
// _CrossScopeLink records), streamed: whether each is still there and live, whether an end is
// deleted, and its content hash; the finalizing process tells which this job did not receive as
// they are (decision 0051, src/sync/finalize/absent-scan.ts). `id` is null for a link whose
// relationship is gone.
// params: $accountId, $scope
// returns: link, id, key, keyHash, hash, live, endDeleted
MATCH (l:_CrossScopeLink {accountId: $accountId, scope: $scope})
USING INDEX SEEK l:_CrossScopeLink(accountId, scope)
OPTIONAL MATCH (a:Entity {_id: l.fromId})
USING INDEX SEEK a:Entity(_id)
OPTIONAL MATCH (a)-[r]->(b)
WHERE r._key = l.key AND r._accountId = $accountId AND r._scope = $scope
RETURN elementId(l) AS link, elementId(r) AS id, l.key AS key, coalesce(r._keyHash, '') AS keyHash,
       coalesce(r._hash, '') AS hash, r._deleted = false AS live,
       a._deleted = true OR b._deleted = true AS endDeleted
