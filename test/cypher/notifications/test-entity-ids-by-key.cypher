// Tests only: the ids of an account's live entities by key (to check links to the console).
// params: $accountId
// returns: key, id
MATCH (n:Entity)
WHERE n._accountId = $accountId AND n._scope IS NOT NULL
RETURN n._key AS key, n._id AS id
