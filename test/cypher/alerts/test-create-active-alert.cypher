// Tests only: writes an ACTIVE alert for a rule directly, bypassing raise (the uniqueness
// constraint on (accountId, activeRuleId) must refuse a second one).
// params: $accountId, $ruleId, $id, $now
// returns: nothing
CREATE (:_Alert {accountId: $accountId, id: $id, ruleId: $ruleId, activeRuleId: $ruleId,
                 ruleName: 'direct', ruleVersion: 1, level: 'HIGH', status: 'ACTIVE',
                 createdOn: $now, updatedOn: $now, firstEvaluationId: 'direct',
                 lastEvaluationId: 'direct', evaluationCount: 1, queryTotals: '{}'})
