// Stores a new API key (its SHA-256 only, and its roles) bound to one account; no row when the account
// is unknown.
// params: $accountId, $id, $hash, $name, $roles, $now
// returns: key
MATCH (a:_Account {id: $accountId})
CREATE (a)-[:_HAS_API_KEY]->(k:_ApiKey {id: $id, hash: $hash, name: $name, roles: $roles, accountId: $accountId, createdOn: toInteger($now)})
RETURN k {.id, .name, .accountId, .roles, .createdOn, .revokedOn} AS key
