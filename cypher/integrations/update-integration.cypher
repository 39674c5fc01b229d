// Replaces an instance's name and config, and its secrets when $replaceSecrets (null $secrets
// removes them), unless another instance of the account holds the new name. Returns the instance
// as it now is (nothing for an unknown id; never its secrets) and whether the name was taken
// (then nothing changed).
// params: $accountId, $id, $name, $config, $replaceSecrets, $secretNames, $secrets, $now
// returns: integration, taken
MATCH (i:_Integration {id: $id})
WHERE i.accountId = $accountId
OPTIONAL MATCH (other:_Integration {accountId: $accountId, name: $name})
WHERE other.id <> $id
FOREACH (_ IN CASE WHEN other IS NULL THEN [1] ELSE [] END |
  SET i.name = $name, i.config = $config, i.updatedOn = $now,
      i.secretNames = CASE WHEN $replaceSecrets THEN $secretNames ELSE i.secretNames END,
      i.secrets = CASE WHEN $replaceSecrets THEN $secrets ELSE i.secrets END)
RETURN i {.id, .type, .name, .config, .secretNames, .createdOn, .updatedOn} AS integration,
       other IS NOT NULL AS taken
