// The account's custom layouts, by kind.
// params: $accountId
// returns: template
MATCH (t:_NotificationTemplate)
WHERE t.accountId = $accountId AND t.kind IS NOT NULL
RETURN t {.kind, .html, .text, .updatedOn} AS template
ORDER BY t.kind
