// Deletes one parameter of the account; answers it as it was (a secret one without its value),
// or no row when there was none.
// params: $accountId, $name
// returns: parameter
MATCH (p:_AccountParameter {accountId: $accountId, name: $name})
USING INDEX SEEK p:_AccountParameter(accountId, name)
WITH p, p {.name, .secret, .createdOn, .updatedOn, value: CASE WHEN p.secret THEN null ELSE p.value END} AS parameter
DELETE p
RETURN parameter
