// Creates a question at version 1; returns it. definition is the normalised question JSON as text.
// params: $accountId, $id, $title, $tags, $definition, $now
// returns: question
CREATE (q:_Question {accountId: $accountId, id: $id, title: $title, tags: $tags,
                     definition: $definition, version: 1, createdOn: $now, updatedOn: $now})
RETURN q {.id, .version, .definition, .createdOn, .updatedOn} AS question
