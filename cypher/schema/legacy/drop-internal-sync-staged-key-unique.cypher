// Before decision 0035 a staged key itself was indexed, which refused keys over ~8 KB of UTF-8;
// internal_sync_staged_key_hash_unique replaces it. Dropped on start; a no-op on new databases.
// params: none
// returns: nothing
DROP CONSTRAINT internal_sync_staged_key_unique IF EXISTS
