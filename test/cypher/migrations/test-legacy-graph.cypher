// Test only (test/integration/graph/migrations.test.ts): puts one account's graph back the way a
// database from before decision 0034 holds it: HAS_API_KEY and HAS_EVENT instead of the
// `_`-prefixed types (each with a property `legacyMark`, to see that the rename keeps properties),
// entities without their type label, and the type-label migration not yet recorded.
// params: $accountId
// returns: keys, events, entities
CALL () {
  MATCH (a:_Account {id: $accountId})-[r:_HAS_API_KEY]->(k:_ApiKey)
  CREATE (a)-[old:HAS_API_KEY]->(k)
  SET old = properties(r), old.legacyMark = k.id
  DELETE r
  RETURN count(old) AS keys
}
CALL () {
  MATCH (j:_SyncJob)-[r:_HAS_EVENT]->(e:_SyncJobEvent)
  WHERE j.accountId = $accountId
  CREATE (j)-[old:HAS_EVENT]->(e)
  SET old = properties(r), old.legacyMark = e.id
  DELETE r
  RETURN count(old) AS events
}
CALL () {
  MATCH (n:Entity)
  WHERE n._accountId = $accountId
  REMOVE n:$(n._type)
  RETURN count(n) AS entities
}
CALL () {
  OPTIONAL MATCH (m:_Migration {name: 'entity-type-labels'})
  DELETE m
}
RETURN keys, events, entities
