// Tests: overwrites the _searchText of the entity $id, so that a test can tell whether a later
// write rewrote it.
// params: $id, $text
// returns: id
MATCH (n:Entity {_id: $id})
USING INDEX SEEK n:Entity(_id)
SET n._searchText = $text
RETURN n._id AS id
