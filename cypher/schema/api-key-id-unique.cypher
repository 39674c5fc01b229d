// API keys are addressed by their public id (revocation, listing).
// params: none
// returns: nothing
CREATE CONSTRAINT api_key_id_unique IF NOT EXISTS FOR (k:ApiKey) REQUIRE k.id IS UNIQUE
