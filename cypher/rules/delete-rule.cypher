// Deletes one rule of the account with its evaluation records and earlier versions; returns the
// rule as it was
// (nothing for an unknown id). Its alerts stay, as history.
// params: $accountId, $id
// returns: rule
MATCH (r:_Rule {id: $id})
WHERE r.accountId = $accountId
WITH r, r {.id, .version, .definition, .createdOn, .updatedOn} AS rule
CALL (r) {
  MATCH (e:_RuleEvaluation)
  WHERE e.ruleId = r.id AND e.startedOn IS NOT NULL AND e.accountId = r.accountId
  DETACH DELETE e
}
CALL (r) {
  MATCH (v:_RuleVersion)
  WHERE v.ruleId = r.id AND v.version IS NOT NULL AND v.accountId = r.accountId
  DELETE v
}
DETACH DELETE r
RETURN rule
