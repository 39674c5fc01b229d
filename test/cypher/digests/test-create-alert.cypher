// Tests only: writes an alert as it would stand after raises, a resolve or a dismiss, with the
// times given (epoch ms; resolvedOn and dismissedOn may be null).
// params: $accountId, $id, $ruleId, $ruleName, $level, $status, $createdOn, $resolvedOn, $dismissedOn
// returns: nothing
CREATE (a:_Alert {accountId: $accountId, id: $id, ruleId: $ruleId, ruleName: $ruleName,
                  ruleVersion: 1, level: $level, status: $status, createdOn: $createdOn,
                  updatedOn: $createdOn, firstEvaluationId: 'direct', lastEvaluationId: 'direct',
                  evaluationCount: 1, queryTotals: '{}'})
SET a.resolvedOn = $resolvedOn, a.dismissedOn = $dismissedOn,
    a.activeRuleId = CASE WHEN $status = 'ACTIVE' THEN $ruleId ELSE null END
