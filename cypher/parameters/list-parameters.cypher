// Every parameter of the account by name; a secret one without its value.
// params: $accountId
// returns: parameter
MATCH (p:_AccountParameter)
USING INDEX SEEK p:_AccountParameter(accountId, name)
WHERE p.accountId = $accountId AND p.name IS NOT NULL
RETURN p {.name, .secret, .createdOn, .updatedOn, value: CASE WHEN p.secret THEN null ELSE p.value END} AS parameter
ORDER BY p.name
