// Rewrites existing entities by _id. $merge false (DIFF): the properties become exactly row.props;
// true (PUT, PATCH): row.props is applied over the stored ones (a null removes a property), except
// on rows with row.replace (a PUT reviving a soft-deleted entity: it comes back as uploaded).
// Identity and history (_id, _key and _keyHash, _scope, _accountId, _createdOn) are kept (a placeholder of the
// mapper that is adopted, row.adopt, moves to row.props._scope), _version grows, and
// class labels follow row.classes when given; the _type label (see sync/create-entities) follows
// the stored _type, the old type's label going when the type changes. Properties pinned by
// OVERRIDE keep their values, and so do the tags a rule set on a live entity (_ruleTags) unless this write names them (then
// the upload's value wins and the name leaves _ruleTags; the rule's next run may tag it again).
// _searchText is left stale (or, with $merge false, removed): the caller runs
// refresh-search-text on the same rows in the same transaction.
// Each entity's change is recorded with it (src/model/change-record.ts, $history).
// params: $rows, $merge, $typeLabelPattern, $history
// returns: updated
UNWIND $rows AS row
MATCH (n:Entity {_id: row.id})
USING INDEX SEEK n:Entity(_id)
WITH n, row, properties(n) AS old
SET n = CASE WHEN $merge AND NOT coalesce(row.replace, false) THEN old ELSE {} END
SET n += row.props
SET n._id = old._id, n._key = old._key, n._keyHash = old._keyHash,
    n._scope = CASE WHEN coalesce(row.adopt, false) THEN row.props._scope ELSE old._scope END, n._accountId = old._accountId,
    n._createdOn = old._createdOn, n._version = coalesce(old._version, 0) + 1,
    n._overrides = old._overrides
// Values pinned by an OVERRIDE job (_overrides) survive every other write.
FOREACH (k IN coalesce(old._overrides, []) | SET n[k] = old[k])
WITH n, row, old,
     [k IN coalesce(old._ruleTags, [])
      WHERE NOT coalesce(old._deleted, false) AND NOT k IN keys(row.props)] AS tags
FOREACH (k IN tags | SET n[k] = old[k])
SET n._ruleTags = CASE WHEN size(tags) = 0 THEN null ELSE tags END
WITH n, row, old
CALL (n, row, old) {
  WITH n, row, old
  WHERE row.classes IS NOT NULL
  REMOVE n:$([c IN coalesce(old._class, []) WHERE c <> 'Entity' AND NOT c IN row.classes])
  SET n:$(row.classes)
}
CALL (n, old) {
  WITH n, old
  WHERE old._type =~ $typeLabelPattern AND old._type <> coalesce(n._type, '')
    AND NOT old._type IN coalesce(n._class, [])
  REMOVE n:$(old._type)
}
CALL (n) {
  WITH n
  WHERE n._type =~ $typeLabelPattern
  SET n:$(n._type)
}
// History (decision 0045): an 'updated' change (or 'revived', of a soft-deleted object) with
// the before and after values of each tracked property that differs; an update that changed none
// records nothing.
CALL (n, old) {
  WITH n, old, properties(n) AS new,
       CASE WHEN coalesce(old._deleted, false) THEN 'revived' ELSE 'updated' END AS kind
  WITH old, new, kind,
       [k IN keys(new) + [k IN keys(old) WHERE NOT k IN keys(new)]
        WHERE NOT k IN $history.untracked AND coalesce(old[k] <> new[k], true)] AS changed
  WHERE kind = 'revived' OR size(changed) > 0
  CREATE (c:_Change {changeId: randomUUID(), accountId: new._accountId, objectKind: 'entity',
                     objectId: new._id, key: new._key, type: new._type, scope: new._scope,
                     kind: kind, at: $history.at, jobId: $history.jobId,
                     keyId: $history.keyId, source: $history.source, props: changed})
  FOREACH (k IN changed |
    SET c['before.' + k] = CASE WHEN k =~ $history.secret AND old[k] IS NOT NULL
                                THEN $history.redacted ELSE old[k] END,
        c['after.' + k] = CASE WHEN k =~ $history.secret AND new[k] IS NOT NULL
                               THEN $history.redacted ELSE new[k] END)
}
RETURN count(n) AS updated
