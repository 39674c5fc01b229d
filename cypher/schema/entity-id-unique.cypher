// The service-assigned _id (a UUID) addresses one entity across scopes.
// params: none
// returns: nothing
CREATE CONSTRAINT entity_id_unique IF NOT EXISTS FOR (n:Entity) REQUIRE n._id IS UNIQUE
