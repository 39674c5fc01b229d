// Tests only: every alert node of an account as stored, oldest first.
// params: $accountId
// returns: alert
MATCH (a:_Alert)
WHERE a.accountId = $accountId
RETURN properties(a) AS alert
ORDER BY a.createdOn, a.id
