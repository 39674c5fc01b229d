// Tests only: every question node of an account as stored, by title then id.
// params: $accountId
// returns: question
MATCH (q:_Question)
WHERE q.accountId = $accountId
RETURN properties(q) AS question
ORDER BY q.title, q.id
