// Resolves a rule's ACTIVE alert, if it has one: RESOLVED at $now by evaluation $evaluationId,
// and no longer holding activeRuleId (so the rule's next raise opens a new alert). Returns it as it
// now is; nothing when the rule has no active alert. The status is read after the write lock is
// taken (setting ruleId to itself), so a dismiss that committed meanwhile is seen.
// params: $accountId, $ruleId, $evaluationId, $now
// returns: alert
MATCH (a:_Alert {accountId: $accountId, activeRuleId: $ruleId})
USING INDEX SEEK a:_Alert(accountId, activeRuleId)
SET a.ruleId = a.ruleId
WITH a
WHERE a.status = 'ACTIVE'
SET a.status = 'RESOLVED', a.resolvedOn = $now, a.updatedOn = $now,
    a.lastEvaluationId = $evaluationId
REMOVE a.activeRuleId
RETURN a {.id, .ruleId, .ruleName, .ruleVersion, .ruleDescription, .level, .status, .createdOn,
          .updatedOn, .resolvedOn, .dismissedOn, .firstEvaluationId, .lastEvaluationId,
          .evaluationCount, .queryTotals} AS alert
