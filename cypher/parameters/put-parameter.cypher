// Creates or replaces a parameter: value and secret are replaced, createdOn is kept. Answers it
// as stored, a secret one without its value.
// params: $accountId, $name, $value, $secret, $now
// returns: parameter
MERGE (p:_AccountParameter {accountId: $accountId, name: $name})
ON CREATE SET p.createdOn = $now
SET p.value = $value, p.secret = $secret, p.updatedOn = $now
RETURN p {.name, .secret, .createdOn, .updatedOn, value: CASE WHEN p.secret THEN null ELSE p.value END} AS parameter
