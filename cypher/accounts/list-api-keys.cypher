// An account's API keys (never their hashes), newest first; roles null for a key stored before roles.
// params: $accountId
// returns: key
MATCH (:_Account {id: $accountId})-[:_HAS_API_KEY]->(k:_ApiKey)
RETURN k {.id, .name, .accountId, .roles, .createdOn, .revokedOn} AS key
ORDER BY k.createdOn DESC, k.id
