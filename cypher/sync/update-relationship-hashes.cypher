// DIFF: records the content hash of relationships (by element id, from their start entity) found equal to the upload by
// their properties (they had none, after a PUT). Nothing else changes: no new _version, no stamp.
// params: $rows
// returns: updated
UNWIND $rows AS row
MATCH (a:Entity {_id: row.fromId})
USING INDEX SEEK a:Entity(_id)
MATCH (a)-[r]->()
WHERE elementId(r) = row.relId
SET r._hash = row.hash
RETURN count(r) AS updated
