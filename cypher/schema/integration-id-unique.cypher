// Integration instances are found by their service-assigned id (a UUID).
// params: none
// returns: nothing
CREATE CONSTRAINT internal_integration_id_unique IF NOT EXISTS FOR (i:_Integration) REQUIRE i.id IS UNIQUE
