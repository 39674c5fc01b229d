// Dismisses one alert of the account if it is ACTIVE: DISMISSED at $now, no longer holding
// activeRuleId (the rule's next raise opens a new alert). Any other alert is left as it is.
// The status is read after the write lock is taken (setting ruleId to itself), so a raise or
// resolve that committed meanwhile is seen. Returns the alert as it now is (nothing for an
// unknown id): still RESOLVED or DISMISSED when it was.
// params: $accountId, $id, $now
// returns: alert
MATCH (a:_Alert {id: $id})
USING INDEX SEEK a:_Alert(id)
WHERE a.accountId = $accountId
SET a.ruleId = a.ruleId
WITH a, a.status AS previousStatus
FOREACH (_ IN CASE WHEN previousStatus = 'ACTIVE' THEN [1] ELSE [] END |
  SET a.status = 'DISMISSED', a.dismissedOn = $now, a.updatedOn = $now
  REMOVE a.activeRuleId)
RETURN a {.id, .ruleId, .ruleName, .ruleVersion, .ruleDescription, .level, .status, .createdOn,
          .updatedOn, .resolvedOn, .dismissedOn, .firstEvaluationId, .lastEvaluationId,
          .evaluationCount, .queryTotals} AS alert
