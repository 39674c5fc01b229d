// Replaces an account's feature flags (e.g. PUT, OVERRIDE).
// params: $id, $features
// returns: account
MATCH (a:_Account {id: $id})
SET a.features = $features
RETURN a {.id, .features, notificationEmails: coalesce(a.notificationEmails, []), .createdOn} AS account
