// Authentication: the live key with this hash and the account it belongs to.
// params: $hash
// returns: keyId, keyName, accountId, features
MATCH (a:_Account)-[:_HAS_API_KEY]->(k:_ApiKey {hash: $hash})
WHERE k.revokedOn IS NULL
RETURN k.id AS keyId, k.name AS keyName, a.id AS accountId, a.features AS features
