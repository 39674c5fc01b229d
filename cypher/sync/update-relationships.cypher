// Rewrites stored relationships (by element id, reached from their start entity row.fromId: an
// element-id predicate alone may be planned as a scan of every relationship on a new database). $merge false (DIFF): properties become row.props;
// true (PUT): row.props over the stored ones, except on rows with row.replace (a PUT reviving a
// soft-deleted relationship: it comes back as uploaded). A changed _class changes the Neo4j type, so the
// relationship is recreated with the same _id and _createdOn.
// params: $rows, $merge
// returns: updated
UNWIND $rows AS row
MATCH (a:Entity {_id: row.fromId})
USING INDEX SEEK a:Entity(_id)
MATCH (a)-[old]->(b)
WHERE elementId(old) = row.relId
WITH a, b, old, row, properties(old) AS props
DELETE old
CREATE (a)-[r:$(row.class)]->(b)
SET r = CASE WHEN $merge AND NOT coalesce(row.replace, false) THEN props ELSE {} END
SET r += row.props
SET r._id = props._id, r._key = props._key, r._keyHash = props._keyHash, r._scope = props._scope, r._accountId = props._accountId,
    r._createdOn = props._createdOn, r._version = coalesce(props._version, 0) + 1
RETURN count(r) AS updated
