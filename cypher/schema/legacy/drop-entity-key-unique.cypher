// Before decision 0035 an entity's _key itself was indexed, which refused keys over ~8 KB of UTF-8;
// entity_key_hash_unique replaces it. Dropped on start; a no-op on new databases.
// params: none
// returns: nothing
DROP CONSTRAINT entity_key_unique IF EXISTS
