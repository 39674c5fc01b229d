// Replaces an account's feature flags and/or failure notification addresses; a null keeps the
// stored value.
// params: $id, $features (list or null), $notificationEmails (list or null)
// returns: account
MATCH (a:_Account {id: $id})
SET a.features = coalesce($features, a.features),
    a.notificationEmails = coalesce($notificationEmails, a.notificationEmails, [])
RETURN a {.id, .features, notificationEmails: coalesce(a.notificationEmails, []), .createdOn} AS account
