// Migration (src/graph/key-hash-migration.ts): sets _keyHash on relationships by element id, each
// reached from its start node (an element-id predicate alone may be planned as a scan of every
// relationship).
// params: $rows
// returns: set
UNWIND $rows AS row
MATCH (a)
WHERE elementId(a) = row.from
MATCH (a)-[r]->()
WHERE elementId(r) = row.id
SET r._keyHash = row.hash
RETURN count(r) AS set
