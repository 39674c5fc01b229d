// Replaces a question's definition as the next version; returns the question as it now is
// (nothing for an unknown id).
// params: $accountId, $id, $title, $tags, $definition, $now
// returns: question
MATCH (q:_Question {id: $id})
WHERE q.accountId = $accountId
SET q.title = $title, q.tags = $tags, q.definition = $definition, q.version = q.version + 1,
    q.updatedOn = $now
RETURN q {.id, .version, .definition, .createdOn, .updatedOn} AS question
