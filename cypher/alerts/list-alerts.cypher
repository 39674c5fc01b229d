// One page of the account's alerts, newest first (createdOn descending, then id): those after
// the previous page's last ($afterCreatedOn, $afterId; both null for the first page), optionally
// only of rule $ruleId, in status $status, at level $level. The index is read in order from
// $afterCreatedOn down; one row more than $limit tells a next page.
// params: $accountId, $afterCreatedOn, $afterId, $ruleId, $status, $level, $limit
// returns: alert
MATCH (a:_Alert)
USING INDEX SEEK a:_Alert(accountId, createdOn)
WHERE a.accountId = $accountId
  AND a.createdOn <= coalesce($afterCreatedOn, 9007199254740991)
  AND ($afterCreatedOn IS NULL OR a.createdOn < $afterCreatedOn OR a.id > $afterId)
  AND ($ruleId IS NULL OR a.ruleId = $ruleId)
  AND ($status IS NULL OR a.status = $status)
  AND ($level IS NULL OR a.level = $level)
RETURN a {.id, .ruleId, .ruleName, .ruleVersion, .ruleDescription, .level, .status, .createdOn,
          .updatedOn, .resolvedOn, .dismissedOn, .firstEvaluationId, .lastEvaluationId,
          .evaluationCount, .queryTotals} AS alert
ORDER BY a.createdOn DESC, a.id
LIMIT toInteger($limit) + 1
