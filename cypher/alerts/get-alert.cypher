// One alert of the account by id.
// params: $accountId, $id
// returns: alert
MATCH (a:_Alert {id: $id})
USING INDEX SEEK a:_Alert(id)
WHERE a.accountId = $accountId
RETURN a {.id, .ruleId, .ruleName, .ruleVersion, .ruleDescription, .level, .status, .createdOn,
          .updatedOn, .resolvedOn, .dismissedOn, .firstEvaluationId, .lastEvaluationId,
          .evaluationCount, .queryTotals} AS alert
