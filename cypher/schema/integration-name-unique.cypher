// An integration instance's name is unique per account; the constraint also backs the name check
// of create and update when two writers race.
// params: none
// returns: nothing
CREATE CONSTRAINT internal_integration_name_unique IF NOT EXISTS FOR (i:_Integration) REQUIRE (i.accountId, i.name) IS UNIQUE
