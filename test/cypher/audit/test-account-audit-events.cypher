// Tests only: every audit event node of an account as stored, with its labels, oldest first.
// params: $accountId
// returns: event, labels
MATCH (e:_AuditEvent)
WHERE e.accountId = $accountId
RETURN properties(e) AS event, labels(e) AS labels
ORDER BY e.occurredOn, e.id
