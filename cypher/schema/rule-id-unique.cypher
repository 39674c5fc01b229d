// Rules are found by their service-assigned id (a UUID).
// params: none
// returns: nothing
CREATE CONSTRAINT internal_rule_id_unique IF NOT EXISTS FOR (r:_Rule) REQUIRE r.id IS UNIQUE
