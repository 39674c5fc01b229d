// Creates entities: label Entity plus one label per class, and the _type as a label when it
// matches $typeLabelPattern (src/sync/property-rules.ts, TYPE_LABEL_PATTERN); row.props holds
// every property, system ones included.
// Each entity's 'created' change is recorded with it (src/model/change-record.ts, $history).
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
// History (decision 0045): a 'created' change listing every tracked property, in this statement.
CALL (n) {
  WITH n, properties(n) AS new
  WITH new, [k IN keys(new) WHERE NOT k IN $history.untracked] AS changed
  CREATE (c:_Change {changeId: randomUUID(), accountId: new._accountId, objectKind: 'entity',
                     objectId: new._id, key: new._key, type: new._type, scope: new._scope,
                     kind: 'created', at: $history.at, jobId: $history.jobId,
                     keyId: $history.keyId, source: $history.source, props: changed})
  FOREACH (k IN changed |
    SET c['after.' + k] = CASE WHEN k =~ $history.secret THEN $history.redacted ELSE new[k] END)
}
RETURN count(n) AS created
