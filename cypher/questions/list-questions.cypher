// One page of the account's questions by title, then id (titles repeat): those after $after (the
// [title, id] of the previous page's last one), optionally only titles containing $titleContains
// and questions carrying the tag $tag; one row more than $limit tells a next page.
// params: $accountId, $after, $titleContains, $tag, $limit
// returns: question
MATCH (q:_Question)
WHERE q.accountId = $accountId
  AND ($after IS NULL OR q.title > $after[0] OR (q.title = $after[0] AND q.id > $after[1]))
  AND ($titleContains IS NULL OR toLower(q.title) CONTAINS toLower($titleContains))
  AND ($tag IS NULL OR $tag IN q.tags)
RETURN q {.id, .title, .version, .definition, .createdOn, .updatedOn} AS question
ORDER BY q.title, q.id
LIMIT toInteger($limit) + 1
