// Migration (src/graph/key-hash-migration.ts): sets the key digest of nodes by element id; row.props
// names the property ({_keyHash: ...} on entities, {keyHash: ...} on staging records).
// params: $rows
// returns: set
UNWIND $rows AS row
MATCH (n)
WHERE elementId(n) = row.id
SET n += row.props
RETURN count(n) AS set
