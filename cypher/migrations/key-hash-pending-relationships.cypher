// Migration (src/graph/key-hash-migration.ts): up to $limit relationships written before decision
// 0035, which lack _keyHash, the digest of their _key, with their start node. Reads only.
// params: $limit
// returns: from, id, key
MATCH (a)-[r]->()
WHERE r._keyHash IS NULL AND r._key IS NOT NULL
RETURN elementId(a) AS from, elementId(r) AS id, r._key AS key
LIMIT toInteger($limit)
