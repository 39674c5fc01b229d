// Tests: every change (:_Change) of an account as stored, oldest first, and how many there are.
// params: $accountId
// returns: changes
MATCH (c:_Change)
WHERE c.accountId = $accountId
WITH c ORDER BY c.at, c.objectKind, c.key, c.kind
RETURN collect(properties(c)) AS changes
