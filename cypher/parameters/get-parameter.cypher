// One parameter of the account; a secret one without its value.
// params: $accountId, $name
// returns: parameter
MATCH (p:_AccountParameter {accountId: $accountId, name: $name})
USING INDEX SEEK p:_AccountParameter(accountId, name)
RETURN p {.name, .secret, .createdOn, .updatedOn, value: CASE WHEN p.secret THEN null ELSE p.value END} AS parameter
