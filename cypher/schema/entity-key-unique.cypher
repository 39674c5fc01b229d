// An entity's _key is unique within its (account, scope); finalize MATCHes and MERGEs on it.
// params: none
// returns: nothing
CREATE CONSTRAINT entity_key_unique IF NOT EXISTS FOR (n:Entity) REQUIRE (n._accountId, n._scope, n._key) IS UNIQUE
