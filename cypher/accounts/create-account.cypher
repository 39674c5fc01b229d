// Creates an account; the account_id_unique constraint rejects an existing id.
// params: $id, $features, $now
// returns: account
CREATE (a:_Account {id: $id, features: $features, createdOn: toInteger($now)})
RETURN a {.id, .features, notificationEmails: coalesce(a.notificationEmails, []), .createdOn} AS account
