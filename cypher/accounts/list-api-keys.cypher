// An account's API keys (never their hashes), newest first.
// params: $accountId
// returns: key
MATCH (:_Account {id: $accountId})-[:_HAS_API_KEY]->(k:_ApiKey)
RETURN k {.id, .name, .accountId, .createdOn, .revokedOn} AS key
ORDER BY k.createdOn DESC, k.id
