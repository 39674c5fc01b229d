// Authentication: the live key with this hash and the account it belongs to.
// params: $hash
// returns: keyId, keyName, accountId, features, roles (null for a key stored before roles: every role)
MATCH (a:_Account)-[:_HAS_API_KEY]->(k:_ApiKey {hash: $hash})
WHERE k.revokedOn IS NULL
RETURN k.id AS keyId, k.name AS keyName, a.id AS accountId, a.features AS features, k.roles AS roles
