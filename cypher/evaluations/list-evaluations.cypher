// One page of a rule's evaluation records, newest first: those before the keyset
// ($beforeStartedOn, $beforeId) when given; one row more than $limit tells a next page.
// params: $accountId, $ruleId, $beforeStartedOn, $beforeId, $limit
// returns: record, startedOn, id
MATCH (e:_RuleEvaluation)
WHERE e.ruleId = $ruleId AND e.startedOn IS NOT NULL AND e.accountId = $accountId
  AND ($beforeStartedOn IS NULL OR e.startedOn < $beforeStartedOn
       OR (e.startedOn = $beforeStartedOn AND e.id < $beforeId))
RETURN e.record AS record, e.startedOn AS startedOn, e.id AS id
ORDER BY e.startedOn DESC, e.id DESC
LIMIT toInteger($limit) + 1
