// An entity's _key is unique within its (account, scope); finalize MATCHes and MERGEs on it through
// _keyHash, the key's fixed-size digest (src/graph/key-hash.ts): a 7000-character key can be
// larger than a range index entry may be (decision 0035).
// params: none
// returns: nothing
CREATE CONSTRAINT entity_key_hash_unique IF NOT EXISTS FOR (n:Entity) REQUIRE (n._accountId, n._scope, n._keyHash) IS UNIQUE
