// Tests only: every integration instance node of an account as stored, by name.
// params: $accountId
// returns: integration
MATCH (i:_Integration)
WHERE i.accountId = $accountId
RETURN properties(i) AS integration
ORDER BY i.name
