// GET /entities/{entityId}/relationships: how many relationships link the entity to entities of the
// account, and one page of them ordered by _id: the first $take after $after (null: from the
// start). $direction is BOTH, OUTGOING (the entity is the start) or INCOMING (the end); deleted
// relationships only with $includeDeleted. The relationships are walked once: counted, then paged.
// No row when the account has no such entity.
// params: $accountId, $id, $direction, $includeDeleted, $after, $take
// returns: totalCount, page
MATCH (n:Entity {_id: $id})
USING INDEX SEEK n:Entity(_id)
WHERE n._accountId = $accountId
OPTIONAL MATCH (n)-[r]-(m:Entity)
WHERE r._accountId = $accountId AND m._accountId = $accountId
  AND ($includeDeleted OR coalesce(r._deleted, false) = false)
  AND ($direction = 'BOTH' OR ($direction = 'OUTGOING' AND startNode(r) = n)
       OR ($direction = 'INCOMING' AND endNode(r) = n))
WITH n, collect(DISTINCT r) AS matched
CALL (n, matched) {
  UNWIND matched AS r
  WITH n, r
  WHERE $after IS NULL OR r._id > $after
  ORDER BY r._id
  LIMIT toInteger($take)
  WITH n, r, CASE WHEN startNode(r) = n THEN endNode(r) ELSE startNode(r) END AS m
  RETURN collect({
    relationship: properties(r),
    fromId: startNode(r)._id,
    toId: endNode(r)._id,
    // A self-loop is both: it is listed once, as OUTGOING unless only INCOMING ones were asked for.
    direction: CASE WHEN $direction = 'INCOMING' OR startNode(r) <> n THEN 'INCOMING' ELSE 'OUTGOING' END,
    vertex: properties(m)
  }) AS page
}
RETURN size(matched) AS totalCount, page
