// One integration instance of the account by id with its encrypted secrets (null for none): what
// an outbound action resolves.
// params: $accountId, $id
// returns: integration, secrets
MATCH (i:_Integration {id: $id})
WHERE i.accountId = $accountId
RETURN i {.id, .type, .name, .config, .secretNames, .createdOn, .updatedOn} AS integration,
       i.secrets AS secrets
