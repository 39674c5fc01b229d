// For each entity of a chunk that carries raw data: its _id and the latest version of each of its
// entries named in row.names (reads only). Run before the chunk is written (entities that exist
// already) and after it (the rest). A row names its entity as the job's mode does: by _id in the account (PATCH, OVERRIDE), else by
// _key in the job's scope (DIFF, PUT, PATCH), or with $anyScope (OVERRIDE) by _type and _key in
// any scope of the account, narrowed by row.scope. $within (the scope of a job that has one, else
// null) bounds the _id and $anyScope lookups: an entity outside it is not the job's to write. Rows
// whose entity is missing, deleted, ambiguous or outside $within (the job counted those as errors)
// are left out. Keys are found through _keyHash, the digest of row.key (decision 0035). Reads only.
// params: $accountId, $scope, $anyScope, $within, $rows
// returns: i, entityId, latest
UNWIND $rows AS row
OPTIONAL MATCH (byId:Entity {_id: row.id})
USING INDEX SEEK byId:Entity(_id)
WITH row, CASE WHEN byId._accountId = $accountId AND ($within IS NULL OR byId._scope = $within)
               THEN byId ELSE null END AS byId
OPTIONAL MATCH (inScope:Entity {_accountId: $accountId, _scope: $scope, _keyHash: row.keyHash})
USING INDEX SEEK inScope:Entity(_accountId, _scope, _keyHash)
WHERE row.id IS NULL AND NOT $anyScope AND inScope._key = row.key
OPTIONAL MATCH (anywhere:Entity {_accountId: $accountId, _keyHash: row.keyHash})
USING INDEX SEEK anywhere:Entity(_accountId, _keyHash)
WHERE row.id IS NULL AND $anyScope AND anywhere._key = row.key AND anywhere._type = row.type
  AND (row.scope IS NULL OR anywhere._scope = row.scope)
  AND ($within IS NULL OR anywhere._scope = $within)
WITH row, byId, inScope, collect(anywhere) AS anywhere
WITH row, CASE WHEN row.id IS NOT NULL THEN [byId]
               WHEN $anyScope THEN anywhere
               ELSE [inScope] END AS found
WITH row, [n IN found WHERE n IS NOT NULL AND NOT coalesce(n._deleted, false)] AS live
WHERE size(live) = 1
WITH row, live[0]._id AS entityId
CALL (row, entityId) {
  OPTIONAL MATCH (v:_RawDataVersion {entityId: entityId})
  USING INDEX SEEK v:_RawDataVersion(entityId)
  WHERE v.name IN row.names
  WITH v ORDER BY v.seq DESC
  WITH v.name AS name, head(collect(v)) AS v
  WHERE name IS NOT NULL
  RETURN collect({name: name, hash: v.hash, deleted: v.deleted, jobId: v.jobId}) AS latest
}
RETURN row.i AS i, entityId, latest
