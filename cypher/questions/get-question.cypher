// One question of the account by id.
// params: $accountId, $id
// returns: question
MATCH (q:_Question {id: $id})
WHERE q.accountId = $accountId
RETURN q {.id, .version, .definition, .createdOn, .updatedOn} AS question
