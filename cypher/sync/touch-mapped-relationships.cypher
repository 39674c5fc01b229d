// Mapped relationships: marks those this job uploaded (from row.fromId to row.toId with row.key)
// as received, so that DIFF's delete step keeps them.
// params: $scope, $jobId, $rows
// returns: touched
UNWIND $rows AS row
MATCH (a:Entity {_id: row.fromId})
USING INDEX SEEK a:Entity(_id)
MATCH (a)-[r]->(b)
WHERE r._key = row.key AND r._scope = $scope AND b._id = row.toId
SET r._lastMappedJobId = $jobId
RETURN count(r) AS touched
