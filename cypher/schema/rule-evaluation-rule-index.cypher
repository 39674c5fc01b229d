// A rule's evaluations, newest first: the listing, the previous result's entity ids, pruning.
// params: none
// returns: nothing
CREATE INDEX internal_rule_evaluation_rule IF NOT EXISTS FOR (e:_RuleEvaluation) ON (e.ruleId, e.startedOn)
