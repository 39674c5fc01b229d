// Entities about to be created that a mapped relationship already created as a placeholder (same
// _key and _type in the mapper's scope $placeholderScope, found through _keyHash: decision 0035):
// they are adopted instead. Reads only.
// params: $accountId, $placeholderScope, $rows
// returns: i, id
UNWIND $rows AS row
MATCH (p:Entity {_accountId: $accountId, _scope: $placeholderScope, _keyHash: row.keyHash})
USING INDEX SEEK p:Entity(_accountId, _scope, _keyHash)
WHERE p._key = row.key AND p._type = row.type
RETURN row.i AS i, p._id AS id
