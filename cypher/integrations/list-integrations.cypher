// The account's integration instances by name, optionally only those of type $type; never their
// secrets.
// params: $accountId, $type
// returns: integration
MATCH (i:_Integration)
WHERE i.accountId = $accountId
  AND ($type IS NULL OR i.type = $type)
RETURN i {.id, .type, .name, .config, .secretNames, .createdOn, .updatedOn} AS integration
ORDER BY i.name
