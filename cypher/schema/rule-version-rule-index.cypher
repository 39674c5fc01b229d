// A rule's earlier versions, newest first (GET /rules/{id}/versions; deleted with the rule).
// params: none
// returns: nothing
CREATE INDEX internal_rule_version_rule IF NOT EXISTS FOR (v:_RuleVersion) ON (v.ruleId, v.version)
