// One entity of the account by its _id, soft-deleted ones included.
// params: $accountId, $id
// returns: entity
MATCH (n:Entity {_id: $id})
USING INDEX SEEK n:Entity(_id)
WHERE n._accountId = $accountId
RETURN properties(n) AS entity
