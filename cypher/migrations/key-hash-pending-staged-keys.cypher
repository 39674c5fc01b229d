// Migration (src/graph/key-hash-migration.ts): up to $limit keys staged by open jobs before decision
// 0035, which lack keyHash, the digest of their key that the staging index holds. Reads only.
// params: $limit
// returns: id, key
MATCH (s:_SyncStagedKey)
WHERE s.keyHash IS NULL AND s.key IS NOT NULL
RETURN elementId(s) AS id, s.key AS key
LIMIT toInteger($limit)
