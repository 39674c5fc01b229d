// Mapped relationships: the placeholder targets (entities owned by the mapper, in the reserved
// scope $placeholderScope), created once per _key, with their _type as a label when it matches
// $typeLabelPattern (as sync/create-entities); returns the _id of each, new or found. They are
// merged on _keyHash, the digest of the key (decision 0035), which row.props carries with the key.
// params: $accountId, $placeholderScope, $rows, $typeLabelPattern
// returns: key, id
UNWIND $rows AS row
MERGE (n:Entity {_accountId: $accountId, _scope: $placeholderScope, _keyHash: row.props._keyHash})
ON CREATE SET n = row.props, n:$(row.classes)
WITH n, row
CALL (n) {
  WITH n
  WHERE n._type =~ $typeLabelPattern
  SET n:$(n._type)
}
RETURN row.key AS key, n._id AS id
