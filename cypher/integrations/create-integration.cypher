// Creates an integration instance unless the account has one of that name; returns the instance
// (null when the name is taken, never its secrets) and whether it was. config is JSON text;
// secrets the encrypted blob, or null for none.
// params: $accountId, $id, $type, $name, $config, $secretNames, $secrets, $now
// returns: integration, taken
OPTIONAL MATCH (other:_Integration {accountId: $accountId, name: $name})
FOREACH (_ IN CASE WHEN other IS NULL THEN [1] ELSE [] END |
  CREATE (:_Integration {accountId: $accountId, id: $id, type: $type, name: $name,
                         config: $config, secretNames: $secretNames, secrets: $secrets,
                         createdOn: $now, updatedOn: $now}))
WITH other
OPTIONAL MATCH (i:_Integration {id: $id})
RETURN i {.id, .type, .name, .config, .secretNames, .createdOn, .updatedOn} AS integration,
       other IS NOT NULL AS taken
