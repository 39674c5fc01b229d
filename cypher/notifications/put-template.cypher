// Stores (creates or replaces) the account's custom layout of one kind, checked by the caller.
// params: $accountId, $kind, $html, $text, $now
// returns: template
MERGE (t:_NotificationTemplate {accountId: $accountId, kind: $kind})
SET t.html = $html, t.text = $text, t.updatedOn = $now
RETURN t {.kind, .html, .text, .updatedOn} AS template
