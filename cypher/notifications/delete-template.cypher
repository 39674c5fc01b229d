// Deletes the account's custom layout of one kind (the default applies again); answers how many
// were deleted (0 or 1).
// params: $accountId, $kind
// returns: deleted
OPTIONAL MATCH (t:_NotificationTemplate {accountId: $accountId, kind: $kind})
DELETE t
RETURN count(t) AS deleted
