// What the history API needs to show the values of lean 'created' changes (decision 0054): for
// each, the object as it is now (an entity by _id, a relationship from its start entity
// c.fromId) and its later changes, oldest first. src/history/created-values.ts computes the
// values from them: a property's value at creation is the `before.<name>` of the earliest later
// change listing it, else its value now.
// params: $accountId, $changes
// returns: changeId, current, later
UNWIND $changes AS c
CALL (c) {
  OPTIONAL MATCH (n:Entity {_id: c.objectId})
  USING INDEX SEEK n:Entity(_id)
  WHERE c.objectKind = 'entity' AND n._accountId = $accountId
  RETURN properties(n) AS entity
}
CALL (c) {
  OPTIONAL MATCH (a:Entity {_id: c.fromId})-[r]->()
  USING INDEX SEEK a:Entity(_id)
  WHERE c.objectKind = 'relationship' AND r._id = c.objectId AND r._accountId = $accountId
  RETURN properties(r) AS relationship
  LIMIT 1
}
CALL (c) {
  OPTIONAL MATCH (l:_Change)
  USING INDEX SEEK l:_Change(accountId, objectId, at)
  WHERE l.accountId = $accountId AND l.objectId = c.objectId AND l.at >= c.at
    AND l.changeId <> c.changeId
  WITH l ORDER BY l.at, l.changeId
  RETURN collect(properties(l)) AS later
}
RETURN c.changeId AS changeId, coalesce(entity, relationship) AS current, later
