// Replaces a rule's definition as the next version, unless another rule of the account holds
// the new name; the version it replaces is kept as a :_RuleVersion (GET /rules/{id}/versions).
// Returns the rule as it now is (nothing for an unknown id) and whether the name was taken
// (then nothing changed).
// params: $accountId, $id, $name, $tags, $pollingInterval, $questionId, $definition, $now
// returns: rule, taken
MATCH (r:_Rule {id: $id})
WHERE r.accountId = $accountId
OPTIONAL MATCH (other:_Rule {accountId: $accountId, name: $name})
WHERE other.id <> $id
FOREACH (_ IN CASE WHEN other IS NULL THEN [1] ELSE [] END |
  CREATE (:_RuleVersion {accountId: $accountId, ruleId: r.id, version: r.version,
                         definition: r.definition, savedOn: coalesce(r.updatedOn, r.createdOn)})
  SET r.name = $name, r.tags = $tags, r.pollingInterval = $pollingInterval, r.questionId = $questionId,
      r.definition = $definition, r.version = r.version + 1, r.updatedOn = $now)
RETURN r {.id, .version, .definition, .createdOn, .updatedOn} AS rule, other IS NOT NULL AS taken
