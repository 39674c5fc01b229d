// Deletes one integration instance of the account with its secrets; returns it as it was (without
// its secrets; nothing for an unknown id).
// params: $accountId, $id
// returns: integration
MATCH (i:_Integration {id: $id})
WHERE i.accountId = $accountId
WITH i, i {.id, .type, .name, .config, .secretNames, .createdOn, .updatedOn} AS integration
DETACH DELETE i
RETURN integration
