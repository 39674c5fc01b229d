// Every parameter value of the account, secret ones included (sealed, or in plain text when
// stored without a secrets key): for query and rule evaluation only, never answered over HTTP.
// params: $accountId
// returns: name, value, sealed, secret
MATCH (p:_AccountParameter)
USING INDEX SEEK p:_AccountParameter(accountId, name)
WHERE p.accountId = $accountId AND p.name IS NOT NULL
RETURN p.name AS name, p.value AS value, p.sealed AS sealed, coalesce(p.secret, false) AS secret
