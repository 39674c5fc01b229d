// Tests only: every rule node of an account as stored, by name.
// params: $accountId
// returns: rule
MATCH (r:_Rule)
WHERE r.accountId = $accountId
RETURN properties(r) AS rule
ORDER BY r.name
