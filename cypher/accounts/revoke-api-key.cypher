// Revokes one key of one account; revoking twice keeps the first revocation time.
// params: $accountId, $id, $now
// returns: key
MATCH (:_Account {id: $accountId})-[:_HAS_API_KEY]->(k:_ApiKey {id: $id})
SET k.revokedOn = coalesce(k.revokedOn, toInteger($now))
RETURN k {.id, .name, .accountId, .roles, .createdOn, .revokedOn} AS key
