// An account's subscriptions by name (never their sealed secrets).
// params: $accountId
// returns: subscription
MATCH (s:_Subscription {accountId: $accountId})
RETURN s {.id, .name, .target, .scopes, .sources, .types, .enabled, .createdOn, .updatedOn}
       AS subscription
ORDER BY s.name, s.id
