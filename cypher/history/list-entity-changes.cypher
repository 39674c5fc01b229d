// GET /entities/{entityId}/history: one page of an entity's changes (:_Change, decision 0045),
// newest first (at descending, then changeId): those after the previous page's last ($afterAt,
// $afterId; both null for the first page). The index is read in order from the upper bound down;
// one row more than $limit tells a next page. found is false when the account has no entity with
// that _id (soft-deleted ones are found).
// params: $accountId, $id, $afterAt, $afterId, $limit
// returns: found, changes
OPTIONAL MATCH (n:Entity {_id: $id})
USING INDEX SEEK n:Entity(_id)
WHERE n._accountId = $accountId
CALL (n) {
  MATCH (c:_Change)
  USING INDEX SEEK c:_Change(accountId, objectId, at)
  WHERE n IS NOT NULL AND c.accountId = $accountId AND c.objectId = $id
    AND c.at <= coalesce($afterAt, 9007199254740991)
    AND ($afterAt IS NULL OR c.at < $afterAt OR c.changeId > $afterId)
  WITH c ORDER BY c.at DESC, c.changeId LIMIT toInteger($limit) + 1
  RETURN collect(properties(c)) AS changes
}
RETURN n IS NOT NULL AS found, changes
