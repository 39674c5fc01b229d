// API keys are addressed by their public id (revocation, listing).
// params: none
// returns: nothing
CREATE CONSTRAINT internal_api_key_id_unique IF NOT EXISTS FOR (k:_ApiKey) REQUIRE k.id IS UNIQUE
