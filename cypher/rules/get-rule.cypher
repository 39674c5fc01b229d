// One rule of the account by id.
// params: $accountId, $id
// returns: rule
MATCH (r:_Rule {id: $id})
WHERE r.accountId = $accountId
RETURN r {.id, .version, .definition, .createdOn, .updatedOn} AS rule
