// One evaluation record of a rule of the account.
// params: $accountId, $ruleId, $id
// returns: record
MATCH (e:_RuleEvaluation {id: $id})
WHERE e.accountId = $accountId AND e.ruleId = $ruleId
RETURN e.record AS record
