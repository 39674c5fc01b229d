// Rewrites stored relationships (by element id, reached from their start entity row.fromId: an
// element-id predicate alone may be planned as a scan of every relationship on a new database). $merge false (DIFF): properties become row.props;
// true (PUT): row.props over the stored ones, except on rows with row.replace (a PUT reviving a
// soft-deleted relationship: it comes back as uploaded). A changed _class changes the Neo4j type, so the
// relationship is recreated with the same _id and _createdOn (its ends stay); otherwise it is
// rewritten in place.
// Each relationship's change is recorded with it ($history, src/model/change-record.ts).
// params: $rows, $merge, $history
// returns: updated
UNWIND $rows AS row
MATCH (a:Entity {_id: row.fromId})
USING INDEX SEEK a:Entity(_id)
MATCH (a)-[old]->(b)
WHERE elementId(old) = row.relId
WITH a, b, old, row, properties(old) AS props, type(old) <> row.class AS retyped
CALL (a, b, old, row, retyped) {
  WITH a, b, old, row WHERE retyped
  DELETE old
  CREATE (a)-[n:$(row.class)]->(b)
  RETURN n AS r
  UNION ALL
  WITH old WHERE NOT retyped
  RETURN old AS r
}
SET r = CASE WHEN $merge AND NOT coalesce(row.replace, false) THEN props ELSE {} END
SET r += row.props
SET r._id = props._id, r._key = props._key, r._keyHash = props._keyHash, r._scope = props._scope, r._accountId = props._accountId,
    r._createdOn = props._createdOn, r._version = coalesce(props._version, 0) + 1
WITH r, props AS old
// History (decision 0045): an 'updated' change (or 'revived', of a soft-deleted object) with
// the before and after values of each tracked property that differs; an update that changed none
// records nothing.
CALL (r, old) {
  WITH r, old, properties(r) AS new,
       CASE WHEN coalesce(old._deleted, false) THEN 'revived' ELSE 'updated' END AS kind
  WITH old, new, kind,
       [k IN keys(new) + [k IN keys(old) WHERE NOT k IN keys(new)]
        WHERE NOT k IN $history.untracked AND coalesce(old[k] <> new[k], true)] AS changed
  WHERE kind = 'revived' OR size(changed) > 0
  CREATE (c:_Change {changeId: randomUUID(), accountId: new._accountId, objectKind: 'relationship',
                     objectId: new._id, key: new._key, type: new._type, scope: new._scope,
                     kind: kind, at: $history.at, jobId: $history.jobId,
                     keyId: $history.keyId, source: $history.source, props: changed})
  FOREACH (k IN changed |
    SET c['before.' + k] = CASE WHEN k =~ $history.secret AND old[k] IS NOT NULL
                                THEN $history.redacted ELSE old[k] END,
        c['after.' + k] = CASE WHEN k =~ $history.secret AND new[k] IS NOT NULL
                               THEN $history.redacted ELSE new[k] END)
}
RETURN count(r) AS updated
