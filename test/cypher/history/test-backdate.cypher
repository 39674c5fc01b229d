// Tests: moves an account's changes, and the _endOn of its soft-deleted entities and
// relationships, $byMs into the past (so that the history purge finds them expired).
// params: $accountId, $byMs
// returns: moved
CALL () {
  MATCH (c:_Change)
  WHERE c.accountId = $accountId
  SET c.at = c.at - $byMs
  RETURN count(c) AS changes
}
CALL () {
  MATCH (n:Entity)
  WHERE n._accountId = $accountId AND n._deleted = true
  SET n._endOn = n._endOn - $byMs
  RETURN count(n) AS entities
}
CALL () {
  MATCH (:Entity {_accountId: $accountId})-[r]->()
  WHERE r._deleted = true
  SET r._endOn = r._endOn - $byMs
  RETURN count(r) AS relationships
}
RETURN changes + entities + relationships AS moved
