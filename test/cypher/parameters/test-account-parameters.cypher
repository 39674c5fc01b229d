// Tests only: every parameter node of an account as stored, with its labels, by name.
// params: $accountId
// returns: labels, node
MATCH (p:_AccountParameter)
WHERE p.accountId = $accountId
RETURN labels(p) AS labels, properties(p) AS node
ORDER BY p.name
