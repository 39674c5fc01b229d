// Mapped relationships: the placeholder targets (entities owned by the mapper, in the reserved
// scope $placeholderScope), created once per _key, with their _type as a label when it matches
// $typeLabelPattern (as sync/create-entities); returns the _id of each, new or found. They are
// merged on _keyHash, the digest of the key (decision 0035), which row.props carries with the key.
// A placeholder this statement creates (its _id is the row's, not another job's) is recorded as a
// 'created' change ($history, src/model/change-record.ts).
// params: $accountId, $placeholderScope, $rows, $typeLabelPattern, $history
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
// History (decisions 0045, 0054): a new placeholder's lean 'created' change (no property
// values; see sync/create-entities), in this statement.
CALL (n, row) {
  WITH n, row
  WHERE n._id = row.props._id
  CREATE (:_Change {changeId: randomUUID(), accountId: n._accountId, objectKind: 'entity',
                    objectId: n._id, key: n._key, type: n._type, scope: n._scope,
                    kind: 'created', at: $history.at, jobId: $history.jobId,
                    keyId: $history.keyId, source: $history.source, props: []})
}
RETURN row.key AS key, n._id AS id
