// One integration instance of the account by id, without its secrets.
// params: $accountId, $id
// returns: integration
MATCH (i:_Integration {id: $id})
WHERE i.accountId = $accountId
RETURN i {.id, .type, .name, .config, .secretNames, .createdOn, .updatedOn} AS integration
