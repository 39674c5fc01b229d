// Deletes one question of the account unless a rule of the account refers to it by questionId;
// returns the question as it was (nothing for an unknown id), how many rules use it and the
// names of the first five by name (then nothing was deleted).
// params: $accountId, $id
// returns: question, rulesUsing, ruleNames
MATCH (q:_Question {id: $id})
WHERE q.accountId = $accountId
CALL (q) {
  OPTIONAL MATCH (r:_Rule)
  WHERE r.accountId = $accountId AND r.questionId = q.id
  WITH r
  ORDER BY r.name
  RETURN count(r) AS rulesUsing, collect(r.name)[0..5] AS ruleNames
}
WITH q, q {.id, .version, .definition, .createdOn, .updatedOn} AS question, rulesUsing, ruleNames
FOREACH (_ IN CASE WHEN rulesUsing = 0 THEN [1] ELSE [] END | DETACH DELETE q)
RETURN question, rulesUsing, ruleNames
