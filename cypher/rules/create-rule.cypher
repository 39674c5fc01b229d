// Creates a rule at version 1 unless the account has one of that name; returns the rule (null
// when the name is taken) and whether it was. definition is the normalised rule JSON as text.
// params: $accountId, $id, $name, $tags, $pollingInterval, $questionId, $definition, $now
// returns: rule, taken
OPTIONAL MATCH (other:_Rule {accountId: $accountId, name: $name})
FOREACH (_ IN CASE WHEN other IS NULL THEN [1] ELSE [] END |
  CREATE (:_Rule {accountId: $accountId, id: $id, name: $name, tags: $tags,
                  pollingInterval: $pollingInterval, questionId: $questionId,
                  definition: $definition, version: 1,
                  createdOn: $now, updatedOn: $now}))
WITH other
OPTIONAL MATCH (r:_Rule {id: $id})
RETURN r {.id, .version, .definition, .createdOn, .updatedOn} AS rule, other IS NOT NULL AS taken
