// Rule evaluation records are found by their service-assigned id (a UUID).
// params: none
// returns: nothing
CREATE CONSTRAINT internal_rule_evaluation_id_unique IF NOT EXISTS FOR (e:_RuleEvaluation) REQUIRE e.id IS UNIQUE
