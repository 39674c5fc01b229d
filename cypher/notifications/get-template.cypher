// The account's custom layout of one kind, if it stored one.
// params: $accountId, $kind
// returns: template
MATCH (t:_NotificationTemplate {accountId: $accountId, kind: $kind})
RETURN t {.kind, .html, .text, .updatedOn} AS template
