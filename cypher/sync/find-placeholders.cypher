// Entities about to be created that a mapped relationship already created as a placeholder (same
// _key and _type in the mapper's scope $placeholderScope): they are adopted instead. Reads only.
// params: $accountId, $placeholderScope, $rows
// returns: i, id
UNWIND $rows AS row
MATCH (p:Entity {_accountId: $accountId, _scope: $placeholderScope, _key: row.key})
USING INDEX SEEK p:Entity(_accountId, _scope, _key)
WHERE p._type = row.type
RETURN row.i AS i, p._id AS id
