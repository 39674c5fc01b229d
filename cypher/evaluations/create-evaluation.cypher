// Stores one evaluation record of a rule (the record as JSON text; the result entity ids, null
// when a query failed, for triggerActionsOnNewEntitiesOnly), then deletes the rule's records
// beyond the newest $kept.
// params: $accountId, $ruleId, $id, $startedOn, $status, $record, $entityIds, $kept
// returns: pruned
CREATE (:_RuleEvaluation {accountId: $accountId, ruleId: $ruleId, id: $id, startedOn: $startedOn,
                          status: $status, record: $record, entityIds: $entityIds})
WITH 1 AS created
CALL () {
  MATCH (e:_RuleEvaluation)
  WHERE e.ruleId = $ruleId AND e.startedOn IS NOT NULL
  WITH e ORDER BY e.startedOn DESC, e.id DESC
  SKIP toInteger($kept)
  DETACH DELETE e
  RETURN count(*) AS pruned
}
RETURN pruned
