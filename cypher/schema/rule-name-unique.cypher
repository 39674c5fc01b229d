// A rule's name is unique per account; the constraint also backs the name check of create and
// update when two writers race.
// params: none
// returns: nothing
CREATE CONSTRAINT internal_rule_name_unique IF NOT EXISTS FOR (r:_Rule) REQUIRE (r.accountId, r.name) IS UNIQUE
