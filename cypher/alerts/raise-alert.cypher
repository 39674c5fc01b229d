// Raises a rule's alert: updates the rule's ACTIVE alert (the one holding activeRuleId = $ruleId)
// or, when it has none, opens one with id $id at evaluationCount 1. MERGE on the properties of
// internal_alert_active_rule_unique locks that entry, so two raises for one rule meet one node.
// The alert is then write-locked (setting ruleId to itself) and its status read again: when a
// dismiss or resolve committed while this waited for the lock, there is no row and the caller
// raises again (then opening a new alert). evaluationCount counts evaluations: a second raise by
// the same evaluation (FOR_EACH_ITEM raising per item) updates without counting. Returns the
// alert as it now is and whether it was opened. queryTotals is JSON text.
// params: $accountId, $ruleId, $id, $ruleName, $ruleVersion, $ruleDescription, $level, $evaluationId, $queryTotals, $now
// returns: alert, created
MERGE (a:_Alert {accountId: $accountId, activeRuleId: $ruleId})
ON CREATE SET a.id = $id, a.ruleId = $ruleId, a.status = 'ACTIVE', a.createdOn = $now,
              a.firstEvaluationId = $evaluationId, a.evaluationCount = 0
SET a.ruleId = a.ruleId
WITH a
WHERE a.status = 'ACTIVE'
SET a.evaluationCount = a.evaluationCount +
      CASE WHEN a.lastEvaluationId = $evaluationId THEN 0 ELSE 1 END
SET a.ruleName = $ruleName, a.ruleVersion = toInteger($ruleVersion),
    a.ruleDescription = $ruleDescription, a.level = $level, a.queryTotals = $queryTotals,
    a.lastEvaluationId = $evaluationId, a.updatedOn = $now
RETURN a {.id, .ruleId, .ruleName, .ruleVersion, .ruleDescription, .level, .status, .createdOn,
          .updatedOn, .resolvedOn, .dismissedOn, .firstEvaluationId, .lastEvaluationId,
          .evaluationCount, .queryTotals} AS alert,
       a.id = $id AS created
