// The one-off migrations already applied to this database (their :_Migration nodes).
// params: none
// returns: name
MATCH (m:_Migration)
RETURN m.name AS name
