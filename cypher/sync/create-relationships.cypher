// Creates relationships between entities given by _id; the Neo4j type is the relationship's
// _class, row.props holds every property.
// Each relationship's 'created' change is recorded with it ($history, src/model/change-record.ts).
// params: $rows, $history
// returns: created
UNWIND $rows AS row
MATCH (a:Entity {_id: row.fromId})
USING INDEX SEEK a:Entity(_id)
MATCH (b:Entity {_id: row.toId})
USING INDEX SEEK b:Entity(_id)
CREATE (a)-[r:$(row.class)]->(b)
SET r = row.props
WITH r
// History (decision 0045): a 'created' change listing every tracked property, in this statement.
CALL (r) {
  WITH r, properties(r) AS new
  WITH new, [k IN keys(new) WHERE NOT k IN $history.untracked] AS changed
  CREATE (c:_Change {changeId: randomUUID(), accountId: new._accountId, objectKind: 'relationship',
                     objectId: new._id, key: new._key, type: new._type, scope: new._scope,
                     kind: 'created', at: $history.at, jobId: $history.jobId,
                     keyId: $history.keyId, source: $history.source, props: changed})
  FOREACH (k IN changed |
    SET c['after.' + k] = CASE WHEN k =~ $history.secret THEN $history.redacted ELSE new[k] END)
}
RETURN count(r) AS created
