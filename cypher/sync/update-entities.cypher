// Rewrites existing entities by _id. $merge false (DIFF): the properties become exactly row.props;
// true (PUT, PATCH): row.props is applied over the stored ones (a null removes a property), except
// on rows with row.replace (a PUT reviving a soft-deleted entity: it comes back as uploaded).
// Identity and history (_id, _key and _keyHash, _scope, _accountId, _createdOn) are kept (a placeholder of the
// mapper that is adopted, row.adopt, moves to row.props._scope), _version grows, and
// class labels follow row.classes when given; the _type label (see sync/create-entities) follows
// the stored _type, the old type's label going when the type changes. Properties pinned by
// OVERRIDE keep their values, and so do the tags a rule set on a live entity (_ruleTags) unless this write names them (then
// the upload's value wins and the name leaves _ruleTags; the rule's next run may tag it again).
// Only what differs is written: a property whose value (or value type) changes, one that goes,
// a label that comes or goes. _searchText is kept: `searched` lists the entities where a property
// it is built from changed (or that have none), on which the caller runs refresh-search-text in
// the same transaction.
// Each entity's change is recorded with it (src/model/change-record.ts, $history).
// params: $rows, $merge, $typeLabelPattern, $history
// returns: updated, searched
UNWIND $rows AS row
MATCH (n:Entity {_id: row.id})
USING INDEX SEEK n:Entity(_id)
WITH n, row, properties(n) AS old
WITH n, row, old, coalesce(old._overrides, []) AS pinned,
     NOT $merge OR coalesce(row.replace, false) AS replace,
     [k IN coalesce(old._ruleTags, [])
      WHERE NOT coalesce(old._deleted, false) AND NOT k IN keys(row.props)] AS tags
// Each property this write decides, as [name, value after] (a null value: absent after). Values
// pinned by an OVERRIDE job (_overrides) survive every other write, and so do the rule's tags.
WITH n, row, old, tags,
     [k IN keys(row.props) +
           CASE WHEN replace THEN [k IN keys(old) WHERE NOT k IN keys(row.props)] ELSE [] END
      WHERE NOT k IN pinned AND NOT k IN tags
        AND NOT k IN ['_id', '_key', '_keyHash', '_scope', '_accountId', '_createdOn', '_version',
                      '_overrides', '_ruleTags', '_searchText'] | [k, row.props[k]]] +
     [p IN [['_scope', CASE WHEN coalesce(row.adopt, false) THEN row.props._scope ELSE old._scope END],
            ['_version', coalesce(old._version, 0) + 1]] WHERE NOT p[0] IN pinned] +
     [['_ruleTags', CASE WHEN size(tags) = 0 THEN null ELSE tags END]] AS decided
WITH n, row, old,
     [p IN decided WHERE NOT coalesce(old[p[0]] = p[1] AND valueType(old[p[0]]) = valueType(p[1]),
                                      old[p[0]] IS NULL AND p[1] IS NULL)] AS changes
FOREACH (p IN changes | SET n[p[0]] = p[1])
WITH n, row, old, changes, [p IN changes | p[0]] AS names,
     [c IN coalesce(old._class, []) WHERE c <> 'Entity' AND NOT c IN row.classes] AS gone
WITH n, row, old, changes, gone,
     CASE WHEN '_type' IN names THEN [p IN changes WHERE p[0] = '_type' | p[1]][0] ELSE old._type END AS type,
     CASE WHEN '_class' IN names THEN [p IN changes WHERE p[0] = '_class' | p[1]][0] ELSE old._class END AS classes,
     // The search text is built from _key, _type, _class and the strings of custom properties.
     old._searchText IS NULL
       OR any(p IN changes WHERE p[0] IN ['_type', '_class']
              OR (NOT p[0] STARTS WITH '_'
                  AND any(v IN [old[p[0]], p[1]] WHERE v IS :: STRING
                          OR (v IS :: LIST<ANY> AND any(x IN v WHERE x IS :: STRING))))) AS searched
CALL (n, row, gone) {
  WITH n, row, gone
  WHERE row.classes IS NOT NULL AND (size(gone) > 0 OR any(c IN row.classes WHERE NOT c IN labels(n)))
  REMOVE n:$(gone)
  SET n:$(row.classes)
}
CALL (n, old, type, classes) {
  WITH n, old, type, classes
  WHERE old._type =~ $typeLabelPattern AND old._type <> coalesce(type, '')
    AND NOT old._type IN coalesce(classes, [])
  REMOVE n:$(old._type)
}
CALL (n, type) {
  WITH n, type
  WHERE type =~ $typeLabelPattern AND NOT type IN labels(n)
  SET n:$(type)
}
// History (decision 0045): an 'updated' change (or 'revived', of a soft-deleted object) with
// the before and after values of each tracked property that differs; an update that changed none
// records nothing.
CALL (old, changes, type) {
  WITH old, changes, type,
       CASE WHEN coalesce(old._deleted, false) THEN 'revived' ELSE 'updated' END AS kind
  WITH old, changes, type, kind,
       [p IN changes WHERE NOT p[0] IN $history.untracked AND coalesce(old[p[0]] <> p[1], true)] AS changed
  WHERE kind = 'revived' OR size(changed) > 0
  WITH old, type, kind, changed,
       CASE WHEN '_scope' IN [p IN changes | p[0]] THEN [p IN changes WHERE p[0] = '_scope' | p[1]][0]
            ELSE old._scope END AS scope
  CREATE (c:_Change {changeId: randomUUID(), accountId: old._accountId, objectKind: 'entity',
                     objectId: old._id, key: old._key, type: type, scope: scope,
                     kind: kind, at: $history.at, jobId: $history.jobId,
                     keyId: $history.keyId, source: $history.source, props: [p IN changed | p[0]]})
  FOREACH (p IN changed |
    SET c['before.' + p[0]] = CASE WHEN p[0] =~ $history.secret AND old[p[0]] IS NOT NULL
                                   THEN $history.redacted ELSE old[p[0]] END,
        c['after.' + p[0]] = CASE WHEN p[0] =~ $history.secret AND p[1] IS NOT NULL
                                  THEN $history.redacted ELSE p[1] END)
}
RETURN count(*) AS updated, collect(CASE WHEN searched THEN old._id END) AS searched
