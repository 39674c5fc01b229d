// Test only (test/integration/graph/migrations.test.ts): puts one account's graph back the way a
// database from before decision 0035 holds it: entities and relationships without _keyHash, the
// key-hash migration not yet recorded.
// params: $accountId
// returns: entities, relationships
CALL () {
  MATCH (n:Entity)
  WHERE n._accountId = $accountId
  REMOVE n._keyHash
  RETURN count(n) AS entities
}
CALL () {
  MATCH (:Entity)-[r]->()
  WHERE r._accountId = $accountId
  REMOVE r._keyHash
  RETURN count(r) AS relationships
}
CALL () {
  OPTIONAL MATCH (m:_Migration {name: 'key-hashes'})
  DELETE m
}
RETURN entities, relationships
