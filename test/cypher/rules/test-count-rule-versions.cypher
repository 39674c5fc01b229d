// Tests only: how many earlier versions of a rule are stored.
// params: $ruleId
// returns: n
MATCH (v:_RuleVersion)
WHERE v.ruleId = $ruleId AND v.version IS NOT NULL
RETURN count(v) AS n
