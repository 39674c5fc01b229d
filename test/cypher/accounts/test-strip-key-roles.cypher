// Test only (test/integration/http/role-matrix.test.ts): makes one key look like a key stored
// before keys had roles, without the `roles` property; also reads back a key's stored roles.
// params: $keyId, $strip
// returns: keyId, roles
MATCH (k:_ApiKey {id: $keyId})
FOREACH (_ IN CASE WHEN $strip THEN [1] ELSE [] END | REMOVE k.roles)
RETURN k.id AS keyId, k.roles AS roles
