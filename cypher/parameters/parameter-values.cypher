// Every parameter value of the account, secret ones included: for query and rule evaluation only,
// never answered over HTTP.
// params: $accountId
// returns: name, value
MATCH (p:_AccountParameter)
USING INDEX SEEK p:_AccountParameter(accountId, name)
WHERE p.accountId = $accountId AND p.name IS NOT NULL
RETURN p.name AS name, p.value AS value
