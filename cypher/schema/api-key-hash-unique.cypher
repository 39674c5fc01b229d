// Authentication looks a key up by the SHA-256 of the presented secret.
// params: none
// returns: nothing
CREATE CONSTRAINT api_key_hash_unique IF NOT EXISTS FOR (k:ApiKey) REQUIRE k.hash IS UNIQUE
