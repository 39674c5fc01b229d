// Creates relationships between entities given by _id; the Neo4j type is the relationship's
// _class, row.props holds every property.
// Each relationship's 'created' change is recorded with it ($history, src/model/change-record.ts):
// a lean one, with no property values but the _id of its start entity, where the history API
// finds it (decision 0054; a relationship's ends never change).
// params: $rows, $history
// returns: created
UNWIND $rows AS row
MATCH (a:Entity {_id: row.fromId})
USING INDEX SEEK a:Entity(_id)
MATCH (b:Entity {_id: row.toId})
USING INDEX SEEK b:Entity(_id)
CREATE (a)-[r:$(row.class)]->(b)
SET r = row.props
// History (decisions 0045, 0054): a lean 'created' change (see sync/create-entities), in this
// statement.
CREATE (:_Change {changeId: randomUUID(), accountId: r._accountId, objectKind: 'relationship',
                  objectId: r._id, key: r._key, type: r._type, scope: r._scope,
                  kind: 'created', at: $history.at, jobId: $history.jobId,
                  keyId: $history.keyId, source: $history.source, props: [], fromId: row.fromId})
RETURN count(r) AS created
