// DIFF: records the content hash of entities found equal to the upload by their properties (they
// had none, after a PUT or PATCH). Nothing else changes: no new _version, no job stamp.
// params: $rows
// returns: updated
UNWIND $rows AS row
MATCH (n:Entity {_id: row.id})
USING INDEX SEEK n:Entity(_id)
SET n._hash = row.hash
RETURN count(n) AS updated
