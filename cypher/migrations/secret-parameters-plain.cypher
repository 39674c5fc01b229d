// Secret account parameters whose value is still stored in plain text (written before secret
// values were sealed, or while the server had no secrets key), for the start-up migration that
// seals them (src/graph/secret-parameter-migration.ts).
// params: $limit
// returns: accountId, name, value
MATCH (p:_AccountParameter)
WHERE p.secret = true AND p.value IS NOT NULL
RETURN p.accountId AS accountId, p.name AS name, p.value AS value
LIMIT toInteger($limit)
