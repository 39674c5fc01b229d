// One account by id.
// params: $id
// returns: account
MATCH (a:_Account {id: $id})
RETURN a {.id, .features, notificationEmails: coalesce(a.notificationEmails, []), .createdOn} AS account
