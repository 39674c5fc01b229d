// The result entity ids of the rule's latest evaluation whose queries all ran (not a dry run:
// dry runs are never stored); no row when there is none.
// params: $accountId, $ruleId
// returns: entityIds
MATCH (e:_RuleEvaluation)
WHERE e.ruleId = $ruleId AND e.startedOn IS NOT NULL AND e.accountId = $accountId
  AND e.entityIds IS NOT NULL
RETURN e.entityIds AS entityIds
ORDER BY e.startedOn DESC, e.id DESC
LIMIT 1
