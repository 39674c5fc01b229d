// Creates a subscription of an account; returns it (never its sealed secret). target is JSON
// text without the secret; secret the sealed webhook secret, or null (queue and topic targets).
// params: $accountId, $id, $name, $target, $secret, $scopes, $sources, $types, $enabled, $now
// returns: subscription
CREATE (s:_Subscription {accountId: $accountId, id: $id, name: $name, target: $target,
                         secret: $secret, scopes: $scopes, sources: $sources, types: $types,
                         enabled: $enabled, createdOn: $now, updatedOn: $now})
RETURN s {.id, .name, .target, .scopes, .sources, .types, .enabled, .createdOn, .updatedOn}
       AS subscription
