// Migration (src/graph/key-hash-migration.ts): up to $limit entities written before decision 0035,
// which lack _keyHash, the digest of their _key that the key indexes hold. Reads only.
// params: $limit
// returns: id, key
MATCH (n:Entity)
WHERE n._keyHash IS NULL AND n._key IS NOT NULL
RETURN elementId(n) AS id, n._key AS key
LIMIT toInteger($limit)
