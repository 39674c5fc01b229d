// Creates entities: label Entity plus one label per class, and the _type as a label when it
// matches $typeLabelPattern (src/sync/property-rules.ts, TYPE_LABEL_PATTERN); row.props holds
// every property, system ones included.
// Each entity's 'created' change is recorded with it (src/model/change-record.ts, $history): a
// lean one, with no property values (decision 0054).
// params: $rows, $typeLabelPattern, $history
// returns: created
UNWIND $rows AS row
CREATE (n:Entity:$(row.classes))
SET n = row.props
WITH n
CALL (n) {
  WITH n
  WHERE n._type =~ $typeLabelPattern
  SET n:$(n._type)
}
// History (decisions 0045, 0054): a lean 'created' change, in this statement. It lists no
// property: the values an entity was created with are its values now unless a later change says
// otherwise (its `before.<name>`), which is how the history API shows them
// (src/history/created-values.ts). Copying every value here doubled the cost of a creation.
CREATE (:_Change {changeId: randomUUID(), accountId: n._accountId, objectKind: 'entity',
                  objectId: n._id, key: n._key, type: n._type, scope: n._scope,
                  kind: 'created', at: $history.at, jobId: $history.jobId,
                  keyId: $history.keyId, source: $history.source, props: []})
RETURN count(n) AS created
