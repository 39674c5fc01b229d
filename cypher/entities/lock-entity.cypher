// One entity of the account by its _id, write-locked until the transaction ends, so that what a
// PATCH or DELETE checks on it still holds when it writes. Setting _id to itself takes the lock
// and changes nothing.
// params: $accountId, $id
// returns: entity
MATCH (n:Entity {_id: $id})
USING INDEX SEEK n:Entity(_id)
WHERE n._accountId = $accountId
SET n._id = n._id
RETURN properties(n) AS entity
