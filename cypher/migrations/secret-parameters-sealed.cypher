// Secret account parameters stored sealed, for the start-up step that seals again, with the
// configured key, the values sealed with the key generated in DATA_DIR before one was configured
// (src/graph/secret-parameter-migration.ts).
// params: none
// returns: accountId, name, sealed
MATCH (p:_AccountParameter)
WHERE p.secret = true AND p.sealed IS NOT NULL
RETURN p.accountId AS accountId, p.name AS name, p.sealed AS sealed
