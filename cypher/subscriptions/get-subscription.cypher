// One subscription of an account (never its sealed secret); no row for an unknown id or another
// account's.
// params: $accountId, $id
// returns: subscription
MATCH (s:_Subscription {id: $id})
WHERE s.accountId = $accountId
RETURN s {.id, .name, .target, .scopes, .sources, .types, .enabled, .createdOn, .updatedOn}
       AS subscription
