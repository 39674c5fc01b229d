// Tests only: how many evaluation records a rule has in Neo4j.
// params: $accountId, $ruleId
// returns: n
MATCH (e:_RuleEvaluation)
WHERE e.ruleId = $ruleId AND e.startedOn IS NOT NULL AND e.accountId = $accountId
RETURN count(e) AS n
