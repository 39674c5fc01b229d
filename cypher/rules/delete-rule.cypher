// Deletes one rule of the account; returns it as it was (nothing for an unknown id).
// params: $accountId, $id
// returns: rule
MATCH (r:_Rule {id: $id})
WHERE r.accountId = $accountId
WITH r, r {.id, .version, .definition, .createdOn, .updatedOn} AS rule
DETACH DELETE r
RETURN rule
