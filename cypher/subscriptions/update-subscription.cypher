// Replaces a subscription's name, target, filter and enabled flag. $replaceSecret false keeps the
// sealed secret (a webhook target updated without one); true sets $secret (null removes it). No
// row for an unknown id or another account's.
// params: $accountId, $id, $name, $target, $replaceSecret, $secret, $scopes, $sources, $types, $enabled, $now
// returns: subscription
MATCH (s:_Subscription {id: $id})
WHERE s.accountId = $accountId
SET s.name = $name, s.target = $target, s.scopes = $scopes, s.sources = $sources,
    s.types = $types, s.enabled = $enabled, s.updatedOn = $now,
    s.secret = CASE WHEN $replaceSecret THEN $secret ELSE s.secret END
RETURN s {.id, .name, .target, .scopes, .sources, .types, .enabled, .createdOn, .updatedOn}
       AS subscription
