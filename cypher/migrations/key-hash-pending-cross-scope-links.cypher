// Migration (src/graph/key-hash-migration.ts): up to $limit CROSS_SCOPE link records written before
// decision 0035, which lack keyHash, the digest of their key. Reads only.
// params: $limit
// returns: id, key
MATCH (l:_CrossScopeLink)
WHERE l.keyHash IS NULL AND l.key IS NOT NULL
RETURN elementId(l) AS id, l.key AS key
LIMIT toInteger($limit)
