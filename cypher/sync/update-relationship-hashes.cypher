// DIFF: records the content hash of relationships (by element id) found equal to the upload by
// their properties (they had none, after a PUT). Nothing else changes: no new _version, no stamp.
// params: $rows
// returns: updated
UNWIND $rows AS row
MATCH ()-[r]->()
WHERE elementId(r) = row.relId
SET r._hash = row.hash
RETURN count(r) AS updated
