// Creates or replaces a parameter: value and secret are replaced, createdOn is kept. A secret
// value is stored sealed ($sealed, with $value null) when the server has a secrets key. Answers
// it as stored, a secret one without its value.
// params: $accountId, $name, $value, $sealed, $secret, $now
// returns: parameter
MERGE (p:_AccountParameter {accountId: $accountId, name: $name})
ON CREATE SET p.createdOn = $now
SET p.value = $value, p.sealed = $sealed, p.secret = $secret, p.updatedOn = $now
RETURN p {.name, .secret, .createdOn, .updatedOn, value: CASE WHEN p.secret THEN null ELSE p.value END} AS parameter
