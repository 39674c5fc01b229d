// Authentication looks a key up by the SHA-256 of the presented secret.
// params: none
// returns: nothing
CREATE CONSTRAINT internal_api_key_hash_unique IF NOT EXISTS FOR (k:_ApiKey) REQUIRE k.hash IS UNIQUE
