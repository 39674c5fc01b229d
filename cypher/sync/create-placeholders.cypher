// Mapped relationships: the placeholder targets (entities owned by the mapper, in the reserved
// scope $placeholderScope), created once per _key; returns the _id of each, new or found.
// params: $accountId, $placeholderScope, $rows
// returns: key, id
UNWIND $rows AS row
MERGE (n:Entity {_accountId: $accountId, _scope: $placeholderScope, _key: row.key})
ON CREATE SET n = row.props, n:$(row.classes)
RETURN row.key AS key, n._id AS id
