// Every account, ordered by id.
// params: none
// returns: account
MATCH (a:_Account)
RETURN a {.id, .features, notificationEmails: coalesce(a.notificationEmails, []), .createdOn} AS account
ORDER BY a.id
